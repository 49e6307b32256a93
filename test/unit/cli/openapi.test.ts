import { BaseResolver, createConfig, lintFromString } from '@redocly/openapi-core';
import { Document, Spectral } from '@stoplight/spectral-core';
import { Json } from '@stoplight/spectral-parsers';
import { Resolver } from '@stoplight/spectral-ref-resolver';
import { oas } from '@stoplight/spectral-rulesets';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { openApiDocument, schemasAsComponents } from '../../../cli/serve/openapi.js';
import { API_ROUTES } from '../../../functions/handlers/routes.js';

type Doc = {
  openapi: string;
  paths: Record<
    string,
    Record<
      string,
      {
        operationId: string;
        requestBody?: { content: Record<string, { schema: { $ref: string } }> };
        responses: Record<string, unknown>;
        security?: unknown;
      }
    >
  >;
  components: { schemas: Record<string, Record<string, unknown>>; securitySchemes: Record<string, unknown> };
};

const doc = openApiDocument({ serverUrl: 'http://127.0.0.1:8787' }) as unknown as Doc;

/** A resolver that reads nothing: the linters must find every ref inside the document, offline. */
class NoExternalRefs extends BaseResolver {
  override async loadExternalRef(absoluteRef: string): Promise<never> {
    throw new Error(`external ref ${absoluteRef}: the document must stand alone`);
  }
}

/** Redocly's recommended ruleset over the document as served. */
async function redoclyProblems(document: unknown) {
  const config = await createConfig({ extends: ['recommended'] });
  const problems = await lintFromString({
    source: JSON.stringify(document, null, 2),
    absoluteRef: '/openapi.json',
    config,
    externalRefResolver: new NoExternalRefs(),
  });
  return problems.map((p) => ({ severity: p.severity, rule: p.ruleId, message: p.message, at: p.location[0]?.pointer }));
}

/** Spectral's oas ruleset, with a resolver that has no scheme to fetch with. */
async function spectralProblems(document: unknown) {
  const spectral = new Spectral({ resolver: new Resolver({ resolvers: {} }) });
  spectral.setRuleset({ extends: [[oas, 'recommended']] } as never);
  const results = await spectral.run(new Document(JSON.stringify(document, null, 2), Json, '/openapi.json'));
  // Spectral's severities: 0 error, 1 warning, 2 information, 3 hint.
  return results.map((r) => ({ severity: r.severity === 0 ? 'error' : 'warn', rule: String(r.code), message: r.message, at: r.path.join('.') }));
}

const jwtDoc = openApiDocument({
  deployed: { kind: 'jwt', issuer: 'https://login.example.org/realm', audiences: ['cairn'], approveScope: 'cairn/tools.approve' },
}) as unknown as Doc;

describe('OpenAPI document', () => {
  it('is OpenAPI 3.1 and has exactly the routes the server routes, each with its answers', () => {
    // Act
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`));

    // Assess
    expect(doc.openapi).toBe('3.1.0');
    expect(operations.sort()).toEqual(API_ROUTES.map((r) => r.routeKey).sort());
    expect(operations.sort()).toEqual([
      'GET /plans',
      'GET /plans/{id}',
      'GET /plans/{id}/trace',
      'GET /tools',
      'POST /plans',
      'POST /plans/{id}/input',
      'POST /tools/{id}/approve',
    ]);
    expect(Object.keys(doc.paths['/plans']!.post!.responses)).toEqual(expect.arrayContaining(['202', '400']));
    expect(Object.keys(doc.paths['/plans']!.get!.responses)).toEqual(['200', '400', '401', '403']);
    expect(Object.keys(doc.paths['/plans/{id}']!.get!.responses)).toEqual(['200', '401', '403', '404']);
    expect(Object.keys(doc.paths['/tools/{id}/approve']!.post!.responses)).toEqual(['200', '400', '401', '403', '404', '409']);
  });

  it("asks for SigV4 on every route as deployed, and for serve's bearer token on the routes that change something only", () => {
    // Act
    const security = Object.fromEntries(
      Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([m, op]) => [`${m.toUpperCase()} ${path}`, op.security])),
    );

    // Assess
    for (const route of API_ROUTES) {
      expect(security[route.routeKey]).toEqual([{ awsSigV4: [] }, route.method === 'GET' ? {} : { serveToken: [] }]);
    }
    expect(doc.components.securitySchemes.awsSigV4).toMatchObject({
      type: 'apiKey',
      name: 'Authorization',
      in: 'header',
      'x-amazon-apigateway-authtype': 'awsSigv4',
    });
    expect(doc.components.securitySchemes.serveToken).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('names the JWT authorizer when the API is deployed with auth=jwt, the approve route with its scope', () => {
    // Act
    const approve = jwtDoc.paths['/tools/{id}/approve']!.post!.security;
    const plan = jwtDoc.paths['/plans']!.post!.security;

    // Assess
    expect(jwtDoc.components.securitySchemes).not.toHaveProperty('awsSigV4');
    expect(jwtDoc.components.securitySchemes.jwt).toMatchObject({
      type: 'openIdConnect',
      openIdConnectUrl: 'https://login.example.org/realm/.well-known/openid-configuration',
      'x-amazon-apigateway-authorizer': { type: 'jwt', jwtConfiguration: { issuer: 'https://login.example.org/realm', audience: ['cairn'] } },
    });
    expect(approve).toEqual([{ jwt: ['cairn/tools.approve'] }, { serveToken: [] }]);
    expect(plan).toEqual([{ jwt: [] }, { serveToken: [] }]);
  });

  it('refers only to its own components: no schema file, no $defs, no $id to resolve against', () => {
    // Act
    const text = JSON.stringify(doc);
    const refs = [...text.matchAll(/"\$ref":"([^"]+)"/g)].map((m) => m[1]!);

    // Assess
    expect(refs.length).toBeGreaterThan(10);
    for (const target of refs) expect(target).toMatch(/^#\/components\/schemas\/[A-Za-z0-9]+$/);
    for (const target of refs) expect(doc.components.schemas).toHaveProperty(target.slice('#/components/schemas/'.length));
    expect(text).not.toContain('"$defs"');
    expect(text).not.toContain('"$id"');
    expect(doc.components.schemas).toHaveProperty('DecompositionPlanStep');
    expect(doc.components.schemas.PlanRequest!.properties).toMatchObject({ plan: { $ref: '#/components/schemas/DecompositionPlan' } });
  });

  it('refuses a schema whose ref it cannot place, naming it', () => {
    // Act
    const lift = () => schemasAsComponents({ A: { $id: 'https://x/a.json', properties: { b: { $ref: 'b.json' } } } });

    // Assess
    expect(lift).toThrow('OpenAPI: A refers to b.json, which is not one of the schemas given');
  });

  it('keeps schemas that still judge requests: a plan inside options validates through the plan component', () => {
    // Prepare: the document's components as one schema resource, as a tool reading it would.
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    ajv.addSchema({ $id: 'urn:cairn:openapi', components: doc.components });
    const validate = ajv.getSchema('urn:cairn:openapi#/components/schemas/PlanRequest')!;
    const step = { step_id: 1, type: 'keyword_search', modality: 'text', parameters: { query: 'Lyon' }, dependencies: [], trace: {} };

    // Act
    const good = validate({ task: 'Lyon', options: { plan: { plan: [step], traceability: true } } });
    const bad = validate({ task: 'Lyon', options: { plan: { plan: [{ ...step, dependencies: 'x' }], traceability: true } } });
    const badErrors = validate.errors?.map((e) => e.instancePath);

    // Assess
    expect(good).toBe(true);
    expect(bad).toBe(false);
    expect(badErrors).toContain('/options/plan/plan/0/dependencies');
  });

  it("passes Redocly's recommended rules and Spectral's oas rules without an error, with SigV4 and with JWT", async () => {
    // Act
    const problems = [
      ...(await redoclyProblems(doc)),
      ...(await spectralProblems(doc)),
      ...(await redoclyProblems(jwtDoc)),
      ...(await spectralProblems(jwtDoc)),
    ];

    // Assess: warnings may stay (no contact or licence to name); errors may not.
    const warnings = problems.filter((p) => p.severity !== 'error');
    if (warnings.length > 0) console.info(`OpenAPI lint warnings:\n${warnings.map((w) => `  ${w.rule} ${w.at}: ${w.message}`).join('\n')}`);
    expect(problems.filter((p) => p.severity === 'error')).toEqual([]);
  });

  it('fails the lint on a document with an external ref, as the one before these changes did', async () => {
    // Prepare: the request schema's plan named by its file again.
    const broken = structuredClone(doc) as unknown as { components: { schemas: { PlanRequest: { properties: { plan: unknown } } } } };
    broken.components.schemas.PlanRequest.properties.plan = { $ref: 'plan.schema.json' };

    // Act
    const redocly = (await redoclyProblems(broken)).filter((p) => p.severity === 'error');
    const spectral = (await spectralProblems(broken)).filter((p) => p.severity === 'error');

    // Assess
    expect(redocly.map((p) => p.rule)).toContain('no-unresolved-refs');
    expect(spectral.length).toBeGreaterThan(0);
  });
});
