// Git as the tests run it themselves: a fixed author and committer and no global config, so a
// commit needs nothing from the machine's git setup and behaves the same on every box.
import { execFileSync } from 'node:child_process';

export const TEST_GIT_ENV: NodeJS.ProcessEnv = {
  ...process.env,
  GIT_AUTHOR_NAME: 't',
  GIT_AUTHOR_EMAIL: 't@t',
  GIT_COMMITTER_NAME: 't',
  GIT_COMMITTER_EMAIL: 't@t',
  GIT_CONFIG_GLOBAL: '/dev/null',
};

/** Runs git in `cwd` as the tests' author; returns its standard output. */
export function testGit(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8', env: TEST_GIT_ENV });
}
