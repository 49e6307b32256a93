/**
 * TransactWriteItems for the embedded store. dynalite serves every operation Cairn uses but this
 * one (architect/dynalite#151), so it is built here from dynalite's own parts: its request
 * validation and expression parsers, its condition check, its writes of an item and of its index
 * entries, and its UpdateItem action. An action in a transaction therefore means exactly what the
 * same operation means on its own, and DynamoDB Local, which has transactions, runs the same tests.
 *
 * Isolation: a transaction holds the whole store. It waits for the requests under way, checks every
 * condition, then applies every action; requests that arrive meanwhile wait their turn. When an
 * action fails as it is applied (an update that would make an item too large), the actions applied
 * before it are undone before anyone else runs, so no request sees part of a transaction. A process
 * killed halfway through applying one can leave part of it in a store kept on disk: the local store
 * is a development database, not a durable one.
 */

import { createHash, randomUUID } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { crc32 } from 'node:zlib';
import dynalite from 'dynalite';
import updateItem from 'dynalite/actions/updateItem.js';
import dynaliteDb, { type DynaliteAction, type DynaliteError, type DynaliteStore, type DynaliteTable } from 'dynalite/db/index.js';
import * as deleteItemRules from 'dynalite/validations/deleteItem.js';
import validations from 'dynalite/validations/index.js';
import * as putItemRules from 'dynalite/validations/putItem.js';
import * as updateItemRules from 'dynalite/validations/updateItem.js';
import { inMemoryRequest } from './in-process-http.js';

type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;
type Request = Record<string, unknown>;
type Item = Record<string, unknown>;

const TARGET = 'DynamoDB_20120810.TransactWriteItems';
/** DynamoDB's limit on the actions of one transaction. */
const MAX_ACTIONS = 100;
/** How long DynamoDB remembers a ClientRequestToken. */
const TOKEN_MS = 10 * 60 * 1000;

/** Each kind of action, and the rules of the operation it follows. */
const RULES = {
  Put: putItemRules,
  Update: updateItemRules,
  Delete: deleteItemRules,
  // A condition on an item the transaction does not write: DeleteItem's shape, never applied.
  ConditionCheck: deleteItemRules,
} as const;
type Kind = keyof typeof RULES;

/** One action, validated and located: its request as the single-item operation takes it, and the item as it was. */
interface Prepared {
  kind: Kind;
  request: Request;
  table: DynaliteTable;
  key: string;
  returnOld: boolean;
  old?: Item | undefined;
}

/**
 * dynalite's server, with TransactWriteItems served beside its own operations, and the store under
 * it (whose folder the caller must see opened before serving). The store dynalite makes is not
 * exposed, so its factory is watched while the server is built.
 */
export function dynaliteWithTransactions(options: Parameters<typeof dynalite>[0]): { server: Server; store: DynaliteStore } {
  const create = dynaliteDb.create;
  let store: DynaliteStore | undefined;
  dynaliteDb.create = (createOptions) => {
    store = create(createOptions);
    return store;
  };
  let server: Server;
  try {
    server = dynalite(options);
  } finally {
    dynaliteDb.create = create;
  }
  if (store === undefined) throw new Error('dynalite built its server without a store');
  const [served] = server.listeners('request') as RequestListener[];
  if (served === undefined) throw new Error('dynalite built its server without a request listener');
  server.removeListener('request', served);
  server.on('request', transactionListener(store, served));
  return { server, store };
}

/**
 * A request listener that serves TransactWriteItems itself and hands every other request to
 * `served`, one transaction at a time and never beside another request.
 */
function transactionListener(store: DynaliteStore, served: RequestListener): RequestListener {
  const turns = new Turns();
  const tokens: Tokens = new Map();
  return (req, res) => {
    if (req.headers['x-amz-target'] === TARGET) {
      // The body is read now: a request in memory sends it once, right after this call.
      bodyOf(req).then((body) => turns.hold(() => answerTransaction(store, tokens, body, res)), dropped(res));
      return;
    }
    if (turns.free()) {
      turns.share(served, req, res);
      return;
    }
    // Behind a transaction: the body is kept, and given to dynalite again when its turn comes.
    bodyOf(req).then((body) => turns.queue(() => turns.share(served, replay(req, body), res)), dropped(res));
  };
}

/** A request whose connection failed before its body arrived: nobody is left to answer. */
const dropped = (res: ServerResponse) => () => {
  res.destroy();
};

/**
 * Who has the store: any number of ordinary requests, or one transaction. Whoever waits is served
 * in the order they came.
 */
class Turns {
  private sharing = 0;
  private held = false;
  private readonly waiting: Array<{ exclusive: boolean; start: () => void }> = [];

  /** True when a request may start at once: no transaction holds the store or waits for it. */
  free(): boolean {
    return !this.held && this.waiting.length === 0;
  }

  /** Starts an ordinary request now; its turn ends when it has answered. */
  share(served: RequestListener, req: IncomingMessage, res: ServerResponse): void {
    this.sharing++;
    const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
    let ended = false;
    res.end = ((...args: unknown[]) => {
      const out = end(...args);
      if (!ended) {
        ended = true;
        this.sharing--;
        this.next();
      }
      return out;
    }) as ServerResponse['end'];
    served(req, res);
  }

  /** An ordinary request, after whatever holds or waits for the store. */
  queue(start: () => void): void {
    this.waiting.push({ exclusive: false, start });
    this.next();
  }

  /** Runs `work` alone, once the requests under way have answered. */
  hold(work: () => Promise<void>): void {
    this.waiting.push({
      exclusive: true,
      start: () => {
        this.held = true;
        void work().finally(() => {
          this.held = false;
          this.next();
        });
      },
    });
    this.next();
  }

  private next(): void {
    while (!this.held && this.waiting.length > 0) {
      const first = this.waiting[0]!;
      if (first.exclusive && this.sharing > 0) return;
      this.waiting.shift();
      first.start();
    }
  }
}

/**
 * The ClientRequestTokens of the last ten minutes' transactions, in the order they came, each with
 * a digest of the request it came in (the SDK gives every transaction a token, and sends the same
 * request again when it retries).
 */
type Tokens = Map<string, { digest: string; until: number }>;

function bodyOf(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** A request whose body was read already, to be read again. */
function replay(req: IncomingMessage, body: Buffer): IncomingMessage {
  return inMemoryRequest({ method: req.method ?? 'POST', url: req.url ?? '/', headers: req.headers as Record<string, string>, body });
}

async function answerTransaction(store: DynaliteStore, tokens: Tokens, body: Buffer, res: ServerResponse): Promise<void> {
  let data: Request;
  try {
    data = JSON.parse(body.toString('utf8')) as Request;
  } catch {
    send(res, 400, { __type: 'com.amazon.coral.service#SerializationException' });
    return;
  }
  try {
    // A retry sends the same bytes: the token is remembered with a digest of them.
    send(res, 200, await transact(store, tokens, data, createHash('sha256').update(body).digest('hex')));
  } catch (error) {
    const failure = error as Partial<DynaliteError>;
    if (failure.statusCode !== undefined && failure.body !== undefined) send(res, failure.statusCode, failure.body);
    else send(res, 500, { __type: 'com.amazonaws.dynamodb.v20120810#InternalServerError', message: String(error) });
  }
}

async function transact(store: DynaliteStore, tokens: Tokens, data: Request, digest: string): Promise<Request> {
  const token = typeof data.ClientRequestToken === 'string' ? data.ClientRequestToken : undefined;
  const now = Date.now();
  // The oldest first: forgotten until the first that is still remembered.
  for (const [key, seen] of tokens) {
    if (seen.until > now) break;
    tokens.delete(key);
  }
  const seen = token === undefined ? undefined : tokens.get(token);
  if (seen !== undefined) {
    // A retry of a transaction that was applied: DynamoDB answers it without applying it again.
    if (seen.digest === digest) return {};
    throw failure('IdempotentParameterMismatchException', 'The request with the client token was already used with different parameters');
  }
  const prepared = await prepare(store, data.TransactItems);
  // Read side by side: each read of dynalite's store answers on a turn of the event loop of its own.
  await Promise.all(
    prepared.map(async (action) => {
      action.old = await read(store, action);
    }),
  );
  const reasons = prepared.map((action) =>
    dynaliteDb.checkConditional(action.request, action.old) == null
      ? { Code: 'None' }
      : { Code: 'ConditionalCheckFailed', Message: 'The conditional request failed', ...(action.returnOld && action.old ? { Item: action.old } : {}) },
  );
  if (reasons.some((reason) => reason.Code !== 'None')) {
    const codes = reasons.map((reason) => reason.Code).join(', ');
    const canceled = failure('TransactionCanceledException', `Transaction cancelled, please refer cancellation reasons for specific reasons [${codes}]`);
    canceled.body.CancellationReasons = reasons;
    throw canceled;
  }
  await apply(store, prepared);
  if (token !== undefined) tokens.set(token, { digest, until: now + TOKEN_MS });
  return {};
}

/** Each action checked by the rules of its operation (expressions parsed), its table found and its key made. */
async function prepare(store: DynaliteStore, items: unknown): Promise<Prepared[]> {
  if (!Array.isArray(items) || items.length === 0 || items.length > MAX_ACTIONS) {
    throw dynaliteDb.validationError(
      `1 validation error detected: Value at 'transactItems' failed to satisfy constraint: Member must have length between 1 and ${MAX_ACTIONS}`,
    );
  }
  const prepared: Prepared[] = [];
  const keys = new Set<string>();
  // A table's description is read (and decoded) once for the transaction, not once per action.
  const tables = new Map<string, Promise<DynaliteTable>>();
  for (const item of items as Request[]) {
    const kinds = (Object.keys(RULES) as Kind[]).filter((kind) => item?.[kind] != null);
    if (kinds.length !== 1) throw dynaliteDb.validationError('TransactItems can only contain one of Check, Put, Update or Delete');
    const kind = kinds[0]!;
    const given = item[kind] as Request;
    const returnOld = given.ReturnValuesOnConditionCheckFailure === 'ALL_OLD';
    if (kind === 'ConditionCheck' && typeof given.ConditionExpression !== 'string') {
      throw dynaliteDb.validationError('The ConditionCheck action requires a ConditionExpression');
    }
    const rules = RULES[kind];
    const request = validations.checkTypes({ ...given }, rules.types);
    validations.checkValidations(request, rules.types, rules.custom, store);
    const name = String(request.TableName);
    if (!tables.has(name)) tables.set(name, tableOf(store, name));
    const table = await tables.get(name)!;
    const problem =
      kind === 'Put'
        ? dynaliteDb.validateItem(request.Item as Item, table)
        : (dynaliteDb.validateKey(request.Key as Item, table) ??
          (kind === 'Update' ? dynaliteDb.validateUpdates(request.AttributeUpdates, request._updates, table) : undefined));
    if (problem != null) throw problem;
    const key = dynaliteDb.createKey((kind === 'Put' ? request.Item : request.Key) as Item, table);
    const where = `${table.TableName}\u0000${key}`;
    if (keys.has(where)) throw dynaliteDb.validationError('Transaction request cannot include multiple operations on one item');
    keys.add(where);
    prepared.push({ kind, request, table, key, returnOld });
  }
  return prepared;
}

/**
 * Applies every action, side by side: nothing else runs meanwhile and no two touch one item, so
 * each finds its item as the checks did. A put or a delete, validated and checked already, writes
 * the item and its index entries as dynalite's own operation would, without reading them again; an
 * update runs dynalite's UpdateItem, which alone knows how to apply an update expression. When one
 * fails, those that were applied are put back as they were.
 */
async function apply(store: DynaliteStore, prepared: Prepared[]): Promise<void> {
  const writes = prepared.filter((action) => action.kind !== 'ConditionCheck');
  const outcomes = await Promise.allSettled(
    writes.map((action) => {
      if (action.kind === 'Put') return write(store, action, action.old, action.request.Item as Item);
      if (action.kind === 'Delete') return write(store, action, action.old, undefined);
      return run(updateItem, store, action.request);
    }),
  );
  const failed = outcomes.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
  if (failed === undefined) return;
  const applied = writes.filter((_, i) => outcomes[i]!.status === 'fulfilled');
  await Promise.all(applied.map(async (action) => write(store, action, await read(store, action), action.old)));
  throw failed.reason;
}

/** Replaces the item `action` points at, `from`, by `to` (none: deleted), its index entries with it. */
async function write(store: DynaliteStore, action: Prepared, from: Item | undefined, to: Item | undefined): Promise<void> {
  await done((cb) => dynaliteDb.updateIndexes(store, action.table, from, to, cb));
  const items = store.getItemDb(action.table.TableName);
  await done((cb) => (to === undefined ? items.del(action.key, cb) : items.put(action.key, to, cb)));
}

function done(start: (cb: (error?: Error | null) => void) => void): Promise<void> {
  return new Promise((resolve, reject) => start((error) => (error ? reject(error) : resolve())));
}

function run(operation: DynaliteAction, store: DynaliteStore, request: Request): Promise<unknown> {
  return new Promise((resolve, reject) => operation(store, request, (error, out) => (error ? reject(error) : resolve(out))));
}

function tableOf(store: DynaliteStore, name: string): Promise<DynaliteTable> {
  return new Promise((resolve, reject) => store.getTable(name, (error, table) => (error ? reject(error) : resolve(table!))));
}

function read(store: DynaliteStore, action: Prepared): Promise<Item | undefined> {
  return new Promise((resolve, reject) =>
    store.getItemDb(action.table.TableName).get(action.key, (error, item) => {
      if (error && error.name !== 'NotFoundError') reject(error);
      else resolve(error ? undefined : item);
    }),
  );
}

/** A DynamoDB error, as dynalite's operations fail. */
function failure(name: string, message: string): DynaliteError {
  const error = new Error(message) as DynaliteError;
  error.statusCode = 400;
  error.body = { __type: `com.amazonaws.dynamodb.v20120810#${name}`, message };
  return error;
}

/** An answer as dynalite writes its own: JSON, with the checksum and request id DynamoDB sends. */
function send(res: ServerResponse, statusCode: number, body: Request): void {
  const json = JSON.stringify(body);
  res.statusCode = statusCode;
  res.setHeader('x-amzn-RequestId', randomUUID());
  res.setHeader('x-amz-crc32', crc32(json));
  res.setHeader('Content-Type', 'application/x-amz-json-1.0');
  res.setHeader('Content-Length', Buffer.byteLength(json, 'utf8'));
  res.end(json);
}
