/**
 * The token `serve`'s mutating routes ask for: every process of this machine can reach its
 * loopback port, and only the owner of the home may start plans on its key, answer their questions
 * or approve tools. The token is a random secret in the home (`serve.token`, 0600, written at first
 * start), so it outlives a restart; the CLI reads it there, and the page gets it from the address
 * serve prints (`#token=`: a fragment, never sent in a request) and keeps it in its origin's storage.
 * The reading routes stay open on loopback: they never show a task token (plan-view.ts).
 */
import { join } from 'node:path';
import { isSecret, ownerOnlyFolder, ownerSecret, processSecret } from '../../local/owner-files.js';

/** Where serve keeps its token in a home. */
export const tokenFileOf = (home: string): string => join(home, 'serve.token');

/** The token of a serve on `home`, written there at first start; one for this process only when there is no home. */
export function serveToken(home: string | undefined): string {
  if (home === undefined) return processSecret();
  ownerOnlyFolder(home);
  return ownerSecret(tokenFileOf(home));
}

/** The address of serve's first page that hands the page the token. */
export const pageAddress = (url: string, token: string): string => `${url}#token=${token}`;

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;

/** Why a request may not change anything, in one line; undefined when its Authorization header carries `token`. */
export function tokenRefusal(token: string, authorization: string | undefined): string | undefined {
  const presented = authorization === undefined ? undefined : BEARER.exec(authorization)?.[1];
  if (presented === undefined) {
    return "this route needs serve's token: send Authorization: Bearer <the token in CAIRN_HOME/serve.token>, or open the page at the address serve printed";
  }
  return isSecret(token, presented) ? undefined : "the token is not this serve's (CAIRN_HOME/serve.token holds it)";
}
