/** `GET /tools`: the learned tools with status and figures (`?status=TESTING` for one status). */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { DynamoLearnedToolStore } from '../../adapters/dynamodb/learned-tools.js';
import { InvalidInputError } from '../../core/errors.js';
import { TOOL_STATUSES, type ToolStatus } from '../../core/learn/types.js';
import { type LearnedToolStore, toolView } from '../../core/tools/learned.js';
import type { IntakeRuntime } from '../../runtime/intake.js';
import { type HttpResult, httpObserved, json } from '../middleware.js';

/** The learned-tool store over the runtime's table. */
export function learnedToolStoreOf(rt: IntakeRuntime): LearnedToolStore {
  return new DynamoLearnedToolStore({ client: rt.clients.dynamo, tableName: rt.config.tableName });
}

export async function listTools(store: LearnedToolStore, event: APIGatewayProxyEventV2): Promise<HttpResult> {
  const status = event.queryStringParameters?.status;
  if (status !== undefined && !(TOOL_STATUSES as readonly string[]).includes(status)) {
    throw new InvalidInputError(`status must be one of ${TOOL_STATUSES.join(', ')}, got ${JSON.stringify(status)}`);
  }
  const tools = await store.list(status as ToolStatus | undefined);
  return json(200, { tools: tools.map(toolView) });
}

export function makeListToolsHandler(rt: IntakeRuntime) {
  const store = learnedToolStoreOf(rt);
  return httpObserved(rt.observability).handler((event) => listTools(store, event));
}
