// The CLI's view of the server's procedures, derived from AppRouter by the compiler: every dotted
// path (`panes.split`), its input and its output. A verb that names a path the router lacks, or
// passes an input its schema refuses, does not compile (controlClient.typetest.ts shows both).
import type { AnyProcedure, inferProcedureInput, inferProcedureOutput } from '@trpc/server';
import type { AppRouter } from '../api/router';

type Record_ = AppRouter['_def']['record'];

type PathsIn<R, Prefix extends string> = {
  [K in keyof R & string]: R[K] extends AnyProcedure
    ? `${Prefix}${K}`
    : R[K] extends object
      ? PathsIn<R[K], `${Prefix}${K}.`>
      : never;
}[keyof R & string];

type ProcedureIn<R, P extends string> = P extends `${infer Head}.${infer Rest}`
  ? Head extends keyof R
    ? ProcedureIn<R[Head], Rest>
    : never
  : P extends keyof R
    ? R[P] extends AnyProcedure
      ? R[P]
      : never
    : never;

/** Every procedure path of the router. */
export type ProcedurePath = PathsIn<Record_, ''>;
export type ProcedureAt<P extends ProcedurePath> = ProcedureIn<Record_, P>;

type KindOf<P extends ProcedurePath> = ProcedureAt<P>['_def']['type'];

/** Paths of queries and mutations (one request, one answer). */
export type CallPath = { [P in ProcedurePath]: KindOf<P> extends 'subscription' ? never : P }[ProcedurePath];
/** Paths of subscriptions (a stream of items). */
export type StreamPath = Exclude<ProcedurePath, CallPath>;

export type InputOf<P extends ProcedurePath> = inferProcedureInput<ProcedureAt<P>>;
export type OutputOf<P extends CallPath> = inferProcedureOutput<ProcedureAt<P>>;
export type ItemOf<P extends StreamPath> =
  inferProcedureOutput<ProcedureAt<P>> extends AsyncIterable<infer Item> ? Item : never;

/** The input argument: optional when the procedure takes none or all of it is optional. */
export type InputArg<P extends ProcedurePath> =
  undefined extends InputOf<P> ? [input?: InputOf<P>] : [input: InputOf<P>];
