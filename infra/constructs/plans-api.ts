/**
 * The HTTP API: one function and one route per entry of the route table `cairn serve` uses too
 * (functions/runtime/routes.ts: `POST /plans`, `GET /plans/{id}`, `GET /plans/{id}/trace`).
 * IAM authorization (SigV4) by default, a JWT authorizer when configured; access logs and
 * throttling on the stage.
 */
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { HttpApi, HttpMethod, HttpStage, type IHttpRouteAuthorizer, LogGroupLogDestination } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpIamAuthorizer, HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { API_ROUTES, type ApiRouteName } from '../../functions/runtime/routes.js';
import { CairnFunction } from './cairn-function.js';

export type ApiAuthorization = { readonly kind: 'iam' } | { readonly kind: 'jwt'; readonly issuer: string; readonly audiences: readonly string[] };

export interface PlansApiProps {
  readonly authorization: ApiAuthorization;
  /** Environment of the three functions. */
  readonly environment: Record<string, string>;
  readonly logRetention: RetentionDays;
}

export class PlansApi extends Construct {
  readonly api: HttpApi;
  readonly stage: HttpStage;
  /** One function per route, by the route's name. */
  readonly functions: ReadonlyMap<ApiRouteName, CairnFunction>;

  constructor(scope: Construct, id: string, props: PlansApiProps) {
    super(scope, id);
    const functions = new Map<ApiRouteName, CairnFunction>();
    for (const route of API_ROUTES) {
      functions.set(
        route.name,
        new CairnFunction(this, `${pascalCase(route.name)}Function`, {
          handlerFile: route.entry,
          description: `Cairn ${route.routeKey}`,
          timeout: Duration.seconds(15),
          memorySize: 512,
          environment: props.environment,
          logRetention: props.logRetention,
        }),
      );
    }
    this.functions = functions;

    this.api = new HttpApi(this, 'Api', {
      description: 'Cairn: send a task, follow its plan',
      createDefaultStage: false,
      defaultAuthorizer: authorizer(props.authorization),
    });
    const accessLogs = new LogGroup(this, 'AccessLogs', { retention: props.logRetention, removalPolicy: RemovalPolicy.DESTROY });
    this.stage = new HttpStage(this, 'DefaultStage', {
      httpApi: this.api,
      stageName: '$default',
      autoDeploy: true,
      accessLogSettings: { destination: new LogGroupLogDestination(accessLogs), format: AccessLogFormat.jsonWithStandardFields() },
      throttle: { rateLimit: 50, burstLimit: 100 },
    });
    for (const route of API_ROUTES) {
      const integration = new HttpLambdaIntegration(pascalCase(route.name), this.functionOf(route.name));
      this.api.addRoutes({ path: route.path, methods: [HttpMethod[route.method]], integration });
    }
  }

  /** The function of a route. */
  functionOf(name: ApiRouteName): CairnFunction {
    const fn = this.functions.get(name);
    if (fn === undefined) throw new Error(`no function for route ${name}`);
    return fn;
  }

  get createPlan(): CairnFunction {
    return this.functionOf('create-plan');
  }

  get getPlan(): CairnFunction {
    return this.functionOf('get-plan');
  }

  get getTrace(): CairnFunction {
    return this.functionOf('get-trace');
  }

  get url(): string {
    return this.stage.url;
  }
}

function authorizer(authorization: ApiAuthorization): IHttpRouteAuthorizer {
  if (authorization.kind === 'iam') return new HttpIamAuthorizer();
  return new HttpJwtAuthorizer('JwtAuthorizer', authorization.issuer, { jwtAudience: [...authorization.audiences] });
}

/** `create-plan` -> `CreatePlan`: the construct ids the stack had before the route table. */
function pascalCase(name: string): string {
  return name.replace(/(^|-)(\w)/g, (_, __, letter: string) => letter.toUpperCase());
}
