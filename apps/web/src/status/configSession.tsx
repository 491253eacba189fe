'use client';
// config.toml's [session] (config.session, refetched on `config-reloaded`): one row per key with
// the value in force when the server next starts — the file's, or rozi's default (marked) — what
// it does here, and each bad value's warning. Each row edits the key through config.setSession,
// the same locked edit as the theme and prefix (comments and hand edits kept); a refused value is
// one line under the rows and nothing is written. The server reads [session] when it starts, so
// an edit applies to servers started after it, as rozi documents.
import { Button, Select, TextInput } from '@rozi/ui';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTRPC } from '../api/trpcClient';

type Key = 'resurrect' | 'autosave' | 'path' | 'startup';

const DOES: Record<Key, string> = {
  resurrect: 'snapshot every session (layout, floating panes, scrollback) and restore it at start',
  autosave: 'write the layout to path when the server stops; restored when nothing else was',
  path: 'where autosave writes the layout',
  startup: 'what the server opens when it starts (profile = the [profile] default session)',
};
const DEFAULTS: Record<Key, string> = {
  resurrect: 'true',
  autosave: 'false',
  path: '<state>/session.toml',
  startup: 'picker',
};
const STARTUP = ['picker', 'ephemeral', 'last', 'profile'] as const;

type Edit = {
  resurrect?: boolean | null;
  autosave?: boolean | null;
  path?: string | null;
  startup?: string | null;
};

function PathEditor(props: { value: string; fromFile: boolean; busy: boolean; save: (e: Edit) => void }) {
  const [text, setText] = useState(props.value);
  // A save from elsewhere (another browser, a hand edit) shows here once it is read.
  useEffect(() => setText(props.value), [props.value]);
  return (
    <div className="flex min-w-0 flex-1 items-center gap-1.5">
      <TextInput
        aria-label="[session] path"
        data-session-input
        className="min-w-0 flex-1 font-mono text-[12px]"
        value={text}
        title={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && text !== props.value) props.save({ path: text });
        }}
      />
      <Button
        data-session-save
        aria-label="Save [session] path"
        disabled={props.busy || text === props.value}
        onClick={() => props.save({ path: text })}
      >
        Save
      </Button>
      <Button
        data-session-default
        disabled={props.busy || !props.fromFile}
        onClick={() => props.save({ path: null })}
      >
        Default
      </Button>
    </div>
  );
}

function ChoiceEditor(props: {
  name: Key;
  value: string;
  fromFile: boolean;
  choices: readonly string[];
  busy: boolean;
  save: (e: Edit) => void;
}) {
  const pick = (v: string) => {
    if (v === '') props.save({ [props.name]: null });
    else if (props.name === 'startup') props.save({ startup: v });
    else props.save({ [props.name]: v === 'true' });
  };
  return (
    <Select
      aria-label={`[session] ${props.name}`}
      data-session-input
      className="w-56"
      value={props.fromFile ? props.value : ''}
      disabled={props.busy}
      onChange={(e) => pick(e.target.value)}
    >
      <option value="">Default ({DEFAULTS[props.name]})</option>
      {props.choices.map((c) => (
        <option key={c} value={c}>
          {c}
        </option>
      ))}
    </Select>
  );
}

export function ConfigSessionPanel() {
  const trpc = useTRPC();
  const data = useQuery(trpc.config.session.queryOptions()).data;
  const save = useMutation(trpc.config.setSession.mutationOptions());
  if (!data) return <p className="text-[12px] text-muted">Reading [session]…</p>;
  const values: Record<Key, string> = {
    resurrect: data.resurrect ? 'true' : 'false',
    autosave: data.autosave ? 'true' : 'false',
    path: data.path,
    startup: data.startup,
  };
  const busy = save.isPending;
  const edit = (e: Edit) => save.mutate(e);
  return (
    <div className="flex flex-col gap-2 text-[12px]">
      <ul aria-label="config.toml [session]" className="flex flex-col gap-2.5">
        {(Object.keys(DOES) as Key[]).map((key) => {
          const fromFile = data.set.includes(key);
          return (
            <li
              key={key}
              data-session-key={key}
              data-session-value={values[key]}
              data-session-source={fromFile ? 'config.toml' : 'default'}
              className="flex flex-col gap-0.5"
            >
              <div className="flex items-center gap-3">
                <span className="w-20 shrink-0 font-mono">{key}</span>
                <div className="flex min-w-0 flex-1">
                  {key === 'path' ? (
                    <PathEditor value={values.path} fromFile={fromFile} busy={busy} save={edit} />
                  ) : (
                    <ChoiceEditor
                      name={key}
                      value={values[key]}
                      fromFile={fromFile}
                      choices={key === 'startup' ? STARTUP : ['true', 'false']}
                      busy={busy}
                      save={edit}
                    />
                  )}
                </div>
                <span className="w-20 shrink-0 text-right text-[11px] text-muted">
                  {fromFile ? 'config.toml' : 'default'}
                </span>
              </div>
              <span className="pl-[5.75rem] text-[11px] text-muted">{DOES[key]}</span>
            </li>
          );
        })}
      </ul>
      {save.error && (
        <p role="alert" data-session-error className="font-mono text-blocked">
          {save.error.message}
        </p>
      )}
      {data.warnings.length > 0 && (
        <ul aria-label="[session] problems" className="flex flex-col gap-1 font-mono">
          {data.warnings.map((w) => (
            <li key={w} className="text-blocked">
              {w}
            </li>
          ))}
        </ul>
      )}
      <p className="text-muted">
        Saved in config.toml. The server reads [session] when it starts: a change applies to servers started
        after it (restart <span className="font-mono">rozi server</span>).
      </p>
    </div>
  );
}
