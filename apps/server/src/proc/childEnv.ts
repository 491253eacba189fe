// The environment handed to a child process. A plain record in, NodeJS.ProcessEnv out: apps/web
// typechecks server files through `import type { AppRouter }`, and Next's global types make
// ProcessEnv require NODE_ENV, which a child's hand-built environment rightly lacks.
export function childEnv(vars: Record<string, string | undefined>): NodeJS.ProcessEnv {
  return vars as unknown as NodeJS.ProcessEnv;
}
