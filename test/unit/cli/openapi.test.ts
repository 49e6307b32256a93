import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '../../../cli/serve/openapi.js';
import { API_ROUTES } from '../../../functions/runtime/routes.js';
import planRequestSchema from '../../../schemas/plan-request.schema.json' with { type: 'json' };

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

describe('OpenAPI document', () => {
  it('is OpenAPI 3.1 and has exactly the routes the server routes, each with its answers', () => {
    // Act
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`));

    // Assess
    expect(doc.openapi).toBe('3.1.0');
    expect(operations.sort()).toEqual(API_ROUTES.map((r) => r.routeKey).sort());
    expect(operations.sort()).toEqual([
      'GET /plans/{id}',
      'GET /plans/{id}/trace',
      'GET /tools',
      'POST /plans',
      'POST /plans/{id}/input',
      'POST /tools/{id}/approve',
    ]);
    expect(Object.keys(doc.paths['/plans']!.post!.responses)).toEqual(expect.arrayContaining(['202', '400']));
    expect(Object.keys(doc.paths['/plans/{id}']!.get!.responses)).toEqual(['200', '404']);
    expect(Object.keys(doc.paths['/plans/{id}/trace']!.get!.responses)).toEqual(['200', '404']);
    expect(Object.keys(doc.paths['/tools/{id}/approve']!.post!.responses)).toEqual(['200', '400', '401', '404', '409']);
  });

  it("asks for serve's bearer token on every route that changes something, and on those only", () => {
    // Act
    const secured = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, op]) => op.security !== undefined)
        .map(([m, op]) => [`${m.toUpperCase()} ${path}`, op.security, Object.keys(op.responses).includes('401')]),
    );

    // Assess
    expect(secured.map(([route]) => route).sort()).toEqual(
      API_ROUTES.filter((r) => r.method !== 'GET')
        .map((r) => r.routeKey)
        .sort(),
    );
    for (const [, security, has401] of secured) {
      expect(security).toEqual([{ serveToken: [] }]);
      expect(has401).toBe(true);
    }
    expect(doc.components.securitySchemes.serveToken).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
  });

  it('takes the request body from schemas/plan-request.schema.json, unchanged', () => {
    // Act
    const body = doc.paths['/plans']!.post!.requestBody!.content['application/json']!.schema;

    // Assess
    expect(body).toEqual({ $ref: '#/components/schemas/PlanRequest' });
    expect(doc.components.schemas.PlanRequest).toEqual(planRequestSchema);
  });

  it('resolves every $ref to a component', () => {
    // Act
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]!);

    // Assess
    expect(refs.length).toBeGreaterThan(5);
    for (const name of refs) expect(doc.components.schemas).toHaveProperty(name);
  });

  it('keeps schemas that still judge requests: a plan inside options validates through the plan schema', () => {
    // Prepare: the shipped schemas as the document carries them, with their ids.
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    for (const name of ['DecompositionPlan', 'TaskAnalysis']) ajv.addSchema(doc.components.schemas[name]!);
    const validate = ajv.compile(doc.components.schemas.PlanRequest!);
    const step = { step_id: 1, type: 'keyword_search', modality: 'text', parameters: { query: 'Lyon' }, dependencies: [], trace: {} };

    // Act
    const good = validate({ task: 'Lyon', options: { plan: { plan: [step], traceability: true } } });
    const bad = validate({ task: 'Lyon', options: { plan: { plan: [{ ...step, dependencies: 'x' }], traceability: true } } });

    // Assess
    expect(good).toBe(true);
    expect(bad).toBe(false);
    expect(validate.errors?.map((e) => e.instancePath)).toContain('/options/plan/plan/0/dependencies');
  });
});
