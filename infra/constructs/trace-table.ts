/**
 * The trace table, built from the one description the adapters use
 * (functions/adapters/dynamodb/table.ts): on-demand, point-in-time recovery, TTL and both sparse
 * GSIs. Grants name the item-level actions the trace store calls, on the table; index queries
 * are granted apart, to the functions that read learned tools or mine plans by time.
 */
import { RemovalPolicy } from 'aws-cdk-lib';
import { AttributeType, BillingMode, ProjectionType, Table } from 'aws-cdk-lib/aws-dynamodb';
import { type IGrantable, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import { TRACE_TABLE } from '../../functions/adapters/dynamodb/table.js';

// What the trace store sends (adapters/dynamodb/trace-requests.ts; a test checks the two agree). A
// TransactWriteItems is authorized action by action: its puts as PutItem, its updates as UpdateItem.
const READ_ACTIONS = ['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:BatchGetItem'];
const WRITE_ACTIONS = [...READ_ACTIONS, 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:BatchWriteItem'];

export class TraceTable extends Construct {
  readonly table: Table;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    const t = TRACE_TABLE;
    this.table = new Table(this, 'Table', {
      partitionKey: { name: t.partitionKey.name, type: AttributeType.STRING },
      sortKey: { name: t.sortKey.name, type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      timeToLiveAttribute: t.timeToLiveAttribute,
      // Traces are the record of what ran: a `cdk destroy` keeps them.
      removalPolicy: RemovalPolicy.RETAIN,
    });
    for (const index of t.globalSecondaryIndexes) {
      this.table.addGlobalSecondaryIndex({
        indexName: index.indexName,
        partitionKey: { name: index.partitionKey.name, type: AttributeType.STRING },
        sortKey: { name: index.sortKey.name, type: AttributeType.STRING },
        projectionType: ProjectionType.KEYS_ONLY,
      });
    }
  }

  get tableName(): string {
    return this.table.tableName;
  }

  /** Reading plans and their events (GET /plans/...). */
  grantRead(grantee: IGrantable): void {
    grantee.grantPrincipal.addToPrincipalPolicy(new PolicyStatement({ actions: READ_ACTIONS, resources: [this.table.tableArn] }));
  }

  /**
   * Queries of the table's indexes: the learned tools by status and in order (the workflow loads
   * the promoted ones, GET /tools lists them) and the plans by time (learning).
   */
  grantIndexQuery(grantee: IGrantable): void {
    grantee.grantPrincipal.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['dynamodb:Query'],
        resources: TRACE_TABLE.globalSecondaryIndexes.map((i) => `${this.table.tableArn}/index/${i.indexName}`),
      }),
    );
  }

  /** Everything the trace store does to a plan: create, update, append events, read back. */
  grantWrite(grantee: IGrantable): void {
    grantee.grantPrincipal.addToPrincipalPolicy(new PolicyStatement({ actions: WRITE_ACTIONS, resources: [this.table.tableArn] }));
  }
}
