/**
 * `cairn` as a user runs it: a separate Node process. The command line lives here alone, so a
 * change in how the CLI starts is made once for every test that spawns it.
 */
import { execFile } from 'node:child_process';

/** The program and arguments that start `cairn` with `args`. */
// The prebuilt bundle, as `cairn` itself starts; the global setup (test/support/cli-bundle.ts) has made it.
export const cairnCommand = (args: string[]): [string, string[]] => [process.execPath, ['cli/launch.mjs', ...args]];

/**
 * The environment of a cairn run on its own home: the embedded database under `home`, never a
 * DynamoDB endpoint of the test runner's environment.
 */
export const cairnEnvironment = (home: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv => ({
  ...process.env,
  CAIRN_HOME: home,
  CAIRN_DYNAMODB_ENDPOINT: '',
  ...extra,
});

export interface ProcessRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `file` with `args` to its end (at most 60 s) and gives its exit code and output. */
export function runProcess(file: string, args: string[], env: NodeJS.ProcessEnv): Promise<ProcessRun> {
  return new Promise((resolve) => {
    execFile(file, args, { env, timeout: 60_000, maxBuffer: 10 * 1024 * 1024 }, (error, stdout, stderr) =>
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
    );
  });
}

/** Runs `cairn args` to its end in `env`. */
export const runCairn = (args: string[], env: NodeJS.ProcessEnv): Promise<ProcessRun> => runProcess(...cairnCommand(args), env);
