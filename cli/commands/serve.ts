/** `cairn serve`: the HTTP API and a page per plan on 127.0.0.1, until Ctrl-C. */
import { type Command, InvalidArgumentError } from 'commander';
import { localConfig } from './shared/context.js';

/** `--port`: 0 (any free port) to 65535. */
const portNumber = (value: string) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new InvalidArgumentError('--port must be an integer from 0 to 65535');
  return n;
};

export function addServeCommand(program: Command): void {
  program
    .command('serve')
    .description('the HTTP API (POST /plans, GET /plans/{id}, GET /plans/{id}/trace) and a page per plan, on 127.0.0.1')
    .option('--port <n>', 'port to listen on (0: any free port)', portNumber, 8787)
    .action(async (flags: { port: number }) => {
      const { config, dataDir, home } = localConfig();
      // Loaded here, not at start: serve's modules (esbuild for the page scripts, the API routes) cost every other command time.
      const [{ startServer }, { pageAddress, tokenFileOf }] = await Promise.all([import('../serve/server.js'), import('../serve/owner-token.js')]);
      const server = await startServer({ port: flags.port, config, dataDir, home, log: (line) => console.log(line) });
      console.log(`Cairn is serving on ${server.url}`);
      // The page takes the token from this address; another process of this machine has neither.
      console.log(`  plans: ${pageAddress(server.url, server.token)}`);
      console.log(`  API: ${server.url}plans (POST with Authorization: Bearer <${tokenFileOf(home)}>)    OpenAPI: ${server.url}openapi.json`);
      console.log('  Ctrl-C stops it (plans under way finish first).');
      await new Promise<void>((resolve) => {
        const stop = () => {
          process.off('SIGINT', stop);
          process.off('SIGTERM', stop);
          resolve();
        };
        process.on('SIGINT', stop);
        process.on('SIGTERM', stop);
      });
      await server.close();
    });
}
