/**
 * The HTTP API of A1: `POST /plans`, `GET /plans/{id}`, `GET /plans/{id}/trace`, one function
 * each. IAM authorization (SigV4) by default, a JWT authorizer when configured; access logs and
 * throttling on the stage.
 */
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { HttpApi, HttpMethod, HttpStage, type IHttpRouteAuthorizer, LogGroupLogDestination } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpIamAuthorizer, HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
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
  readonly createPlan: CairnFunction;
  readonly getPlan: CairnFunction;
  readonly getTrace: CairnFunction;

  constructor(scope: Construct, id: string, props: PlansApiProps) {
    super(scope, id);
    const fn = (name: string, handlerFile: string, description: string) =>
      new CairnFunction(this, name, {
        handlerFile,
        description,
        timeout: Duration.seconds(15),
        memorySize: 512,
        environment: props.environment,
        logRetention: props.logRetention,
      });
    this.createPlan = fn('CreatePlanFunction', 'create-plan.ts', 'Cairn POST /plans');
    this.getPlan = fn('GetPlanFunction', 'get-plan.ts', 'Cairn GET /plans/{id}');
    this.getTrace = fn('GetTraceFunction', 'get-trace.ts', 'Cairn GET /plans/{id}/trace');

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
    this.api.addRoutes({ path: '/plans', methods: [HttpMethod.POST], integration: new HttpLambdaIntegration('CreatePlan', this.createPlan) });
    this.api.addRoutes({ path: '/plans/{id}', methods: [HttpMethod.GET], integration: new HttpLambdaIntegration('GetPlan', this.getPlan) });
    this.api.addRoutes({ path: '/plans/{id}/trace', methods: [HttpMethod.GET], integration: new HttpLambdaIntegration('GetTrace', this.getTrace) });
  }

  get url(): string {
    return this.stage.url;
  }
}

function authorizer(authorization: ApiAuthorization): IHttpRouteAuthorizer {
  if (authorization.kind === 'iam') return new HttpIamAuthorizer();
  return new HttpJwtAuthorizer('JwtAuthorizer', authorization.issuer, { jwtAudience: [...authorization.audiences] });
}
