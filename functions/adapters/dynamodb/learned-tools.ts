/**
 * Learned tools in the trace table, beside the plans they were learned from:
 *   pk = TOOL#<id>, sk = META    one item per tool: status as a native attribute (the conditions
 *                                read it), definition, report and figures as JSON in `body`
 *   gsi1pk = TOOLSTATUS#<status>, gsi1sk = updatedAt   the tools in a status (the runtime loads PROMOTED)
 *   gsi2pk = TOOLS, gsi2sk = createdAt                 every tool, newest first
 * The same two sparse indexes the plans use, under partitions of their own, so no plan listing
 * or mining query ever sees a tool. Tools carry no expiresAt: a promotion does not expire.
 *
 * Every status change is one conditional write on the status it starts from: approving twice, or
 * approving a DRAFT tool, changes nothing and says why.
 */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { type DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  type DemotionTarget,
  decisionRefusal,
  type LearnedDecision,
  type LearnedStatus,
  LearnedToolNotFoundError,
  type LearnedToolRecord,
  LearnedToolStateError,
  type LearnedToolStore,
} from '../../core/tools/learned.js';
import { createDocumentClient } from './client.js';
import { isConditionalFailure, toStoreError } from './errors.js';
import { CREATED_INDEX, STATUS_INDEX } from './table.js';

type Item = Record<string, unknown>;

const toolKey = (id: string) => `TOOL#${id}`;
const statusKey = (status: LearnedStatus) => `TOOLSTATUS#${status}`;
const ALL_TOOLS = 'TOOLS';

export class DynamoLearnedToolStore implements LearnedToolStore {
  private readonly doc: DynamoDBDocumentClient;

  constructor(private readonly options: { client: DynamoDBClient; tableName: string; clock?: { now(): Date } }) {
    this.doc = createDocumentClient(options.client);
  }

  private now(): string {
    return (this.options.clock?.now() ?? new Date()).toISOString();
  }

  async save(record: LearnedToolRecord): Promise<{ stored: boolean; record: LearnedToolRecord }> {
    try {
      await this.doc.send(
        new PutCommand({
          TableName: this.options.tableName,
          Item: toItem(record),
          // A learning run may refresh what it found before; a person's decision stands.
          ConditionExpression: 'attribute_not_exists(pk) OR #status = :draft OR #status = :testing',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':draft': 'DRAFT', ':testing': 'TESTING' },
        }),
      );
      return { stored: true, record };
    } catch (error) {
      if (!isConditionalFailure(error)) throw toStoreError(`PutItem ${this.options.tableName}`, error);
      const standing = await this.get(record.id);
      if (!standing) throw toStoreError(`PutItem ${this.options.tableName}`, error);
      return { stored: false, record: standing };
    }
  }

  async get(id: string): Promise<LearnedToolRecord | undefined> {
    try {
      const out = await this.doc.send(new GetCommand({ TableName: this.options.tableName, Key: { pk: toolKey(id), sk: 'META' }, ConsistentRead: true }));
      return out.Item ? fromItem(out.Item) : undefined;
    } catch (error) {
      throw toStoreError(`GetItem ${this.options.tableName}`, error);
    }
  }

  async list(status?: LearnedStatus): Promise<LearnedToolRecord[]> {
    const keys: Item[] = [];
    let startKey: Item | undefined;
    do {
      try {
        const out = await this.doc.send(
          new QueryCommand({
            TableName: this.options.tableName,
            ...(status !== undefined
              ? { IndexName: STATUS_INDEX, KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': statusKey(status) } }
              : { IndexName: CREATED_INDEX, KeyConditionExpression: 'gsi2pk = :pk', ExpressionAttributeValues: { ':pk': ALL_TOOLS } }),
            ScanIndexForward: false,
            ...(startKey !== undefined ? { ExclusiveStartKey: startKey } : {}),
          }),
        );
        keys.push(...(out.Items ?? []));
        startKey = out.LastEvaluatedKey;
      } catch (error) {
        throw toStoreError(`Query ${this.options.tableName}`, error);
      }
    } while (startKey !== undefined);
    // The indexes hold keys only; each record is read from the table, consistently.
    const records = await Promise.all(keys.map((k) => this.get(String(k.pk).slice('TOOL#'.length))));
    // An index is eventually consistent on AWS: keep only what is in the asked status now.
    return records.filter((r): r is LearnedToolRecord => r !== undefined && (status === undefined || r.status === status));
  }

  async decide(id: string, decision: LearnedDecision, to: DemotionTarget = 'TESTING'): Promise<LearnedToolRecord> {
    const next: LearnedStatus = decision === 'promote' ? 'PROMOTED' : decision === 'reject' ? 'REJECTED' : to;
    // A decision moves a TESTING tool; a demotion a PROMOTED one.
    const from: LearnedStatus = decision === 'demote' ? 'PROMOTED' : 'TESTING';
    const at = this.now();
    try {
      const out = await this.doc.send(
        new UpdateCommand({
          TableName: this.options.tableName,
          Key: { pk: toolKey(id), sk: 'META' },
          UpdateExpression: 'SET #status = :next, gsi1pk = :gsi1pk, gsi1sk = :at, updatedAt = :at, decidedAt = :at',
          ConditionExpression: '#status = :from',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':next': next, ':gsi1pk': statusKey(next), ':at': at, ':from': from },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return fromItem(out.Attributes as Item);
    } catch (error) {
      if (!isConditionalFailure(error)) throw toStoreError(`UpdateItem ${this.options.tableName}`, error);
      const standing = await this.get(id);
      if (!standing) throw new LearnedToolNotFoundError(`no learned tool ${id}`);
      throw new LearnedToolStateError(decisionRefusal(id, standing.status, decision));
    }
  }
}

function toItem(record: LearnedToolRecord): Item {
  return {
    pk: toolKey(record.id),
    sk: 'META',
    entity: 'learned-tool',
    id: record.id,
    status: record.status,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    ...(record.decidedAt !== undefined ? { decidedAt: record.decidedAt } : {}),
    gsi1pk: statusKey(record.status),
    gsi1sk: record.updatedAt,
    gsi2pk: ALL_TOOLS,
    gsi2sk: record.createdAt,
    body: JSON.stringify({
      definition: record.definition,
      report: record.report ?? null,
      problems: record.problems ?? [],
      figures: record.figures,
      ...(record.corpora ? { corpora: record.corpora } : {}),
    }),
  };
}

function fromItem(item: Item): LearnedToolRecord {
  const body = JSON.parse(String(item.body)) as Pick<LearnedToolRecord, 'definition' | 'figures'> & {
    report: LearnedToolRecord['report'] | null;
    problems?: string[];
    corpora?: string[];
  };
  return {
    id: String(item.id),
    status: item.status as LearnedStatus,
    definition: body.definition,
    figures: body.figures,
    ...(body.report ? { report: body.report } : {}),
    ...(body.problems && body.problems.length > 0 ? { problems: body.problems } : {}),
    createdAt: String(item.createdAt),
    updatedAt: String(item.updatedAt),
    ...(item.decidedAt !== undefined ? { decidedAt: String(item.decidedAt) } : {}),
    ...(body.corpora ? { corpora: body.corpora } : {}),
  };
}
