/**
 * The HTTP API: one function and one route per entry of the route table `cairn serve` uses too
 * (functions/handlers/routes.ts: `POST /plans`, `GET /plans/{id}`, `GET /plans/{id}/trace`).
 * IAM authorization (SigV4) by default, a JWT authorizer when configured; access logs and
 * throttling on the stage.
 *
 * Approving a learned tool is a permission of its own, apart from planning: with IAM, two managed
 * policies, one to plan and follow plans (every route but the approve route) and one to approve
 * (`POST /tools/{id}/approve` only), so a planner's role is given the first and cannot promote a
 * tool; with JWT, the approve route requires a scope of its own (`approveScope`), which a token
 * for planning does not carry.
 */
import { Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { type CfnApi, HttpApi, HttpMethod, HttpStage, type IHttpRouteAuthorizer, LogGroupLogDestination } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpIamAuthorizer, HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { ManagedPolicy, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { API_ROUTES, type ApiRoute, type ApiRouteName } from '../../functions/handlers/routes.js';
import { CairnFunction } from './cairn-function.js';

export type ApiAuthorization =
  | { readonly kind: 'iam' }
  | {
      readonly kind: 'jwt';
      readonly issuer: string;
      readonly audiences: readonly string[];
      /** The scope a token must carry to approve tools; other routes ask only for the audience. */
      readonly approveScope: string;
    };

/** The route that decides on a learned tool: its own permission, which planning does not give. */
export const APPROVE_ROUTE: ApiRouteName = 'approve-tool';

/** The JWT scope of the approve route when the context names none. */
export const DEFAULT_APPROVE_SCOPE = 'cairn/tools.approve';

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
  /** IAM: invoke every route but the approve route (send tasks, follow plans, answer them, list tools). */
  readonly plannerPolicy: ManagedPolicy;
  /** IAM: invoke the approve route only. */
  readonly approverPolicy: ManagedPolicy;

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
    const { authorization } = props;
    for (const route of API_ROUTES) {
      const integration = new HttpLambdaIntegration(pascalCase(route.name), this.functionOf(route.name));
      const approves = route.name === APPROVE_ROUTE && authorization.kind === 'jwt';
      this.api.addRoutes({
        path: route.path,
        methods: [HttpMethod[route.method]],
        integration,
        ...(approves ? { authorizationScopes: [authorization.approveScope] } : {}),
      });
    }
    this.plannerPolicy = this.invokePolicy(
      'PlannerPolicy',
      'Cairn API: send tasks, follow and answer plans, list tools; not approve them',
      (r) => r.name !== APPROVE_ROUTE,
    );
    this.approverPolicy = this.invokePolicy('ApproverPolicy', 'Cairn API: promote or reject a learned tool', (r) => r.name === APPROVE_ROUTE);
  }

  /**
   * A managed policy that may invoke the routes `which` picks, on any stage. An execute-api ARN
   * names the stage and the path parameters with wildcards; cdk-nag's finding on each is
   * acknowledged on the policy, route by route.
   */
  private invokePolicy(id: string, description: string, which: (route: ApiRoute) => boolean): ManagedPolicy {
    const routes = API_ROUTES.filter(which);
    const policy = new ManagedPolicy(this, id, {
      description,
      statements: [
        new PolicyStatement({ actions: ['execute-api:Invoke'], resources: routes.map((r) => this.api.arnForExecuteApi(r.method, executePath(r.path), '*')) }),
      ],
    });
    const apiId = Stack.of(this).resolve((this.api.node.defaultChild as CfnApi).logicalId) as string;
    for (const route of routes) {
      Validations.of(policy).acknowledge({
        id: `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:execute-api:<AWS::Region>:<AWS::AccountId>:<${apiId}>/*/${route.method}${executePath(route.path)}]`,
        reason: `Invoking ${route.routeKey} on this API: the ARN's wildcards stand for the stage and the path's id, nothing wider.`,
      });
    }
    return policy;
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

/** A route's path as execute-api ARNs write it: a path parameter is any one segment. */
function executePath(path: string): string {
  return path.replace(/\{[^}]+\}/g, '*');
}

/** `create-plan` -> `CreatePlan`: the construct ids the stack had before the route table. */
function pascalCase(name: string): string {
  return name.replace(/(^|-)(\w)/g, (_, __, letter: string) => letter.toUpperCase());
}
