'use client';
// The fields of one [[commands]] / [[services]] / [[rules]] / [[hooks]] entry form (entryModel.ts's
// Form): labelled controls with rozi's words for each key, so the file and the form read alike. The
// words a key takes (restart, position, event) come from the server's readers (`choices`).
import { Field, FOCUS_RING, Select, TextInput } from '@rozi/ui';
import { COMMAND_KINDS, HOOK_KINDS, type Choices, type EntryTable, type Form } from './entryModel';

function Check(o: { label: string; checked: boolean; onChange(v: boolean): void }) {
  return (
    <label className="flex min-h-[32px] items-center gap-2 text-[12px] text-fg">
      <input
        type="checkbox"
        checked={o.checked}
        onChange={(e) => o.onChange(e.target.checked)}
        className={`size-4 accent-[var(--rz-accent)] ${FOCUS_RING}`}
      />
      {o.label}
    </label>
  );
}

function Text(o: { label: string; hint?: string; value: string; mono?: boolean; onChange(v: string): void }) {
  return (
    <Field label={o.label} hint={o.hint}>
      {(id, describedBy) => (
        <TextInput
          id={id}
          aria-describedby={describedBy}
          value={o.value}
          className={o.mono ? 'font-mono' : ''}
          onChange={(e) => o.onChange(e.target.value)}
        />
      )}
    </Field>
  );
}

function Choice(o: {
  label: string;
  value: string;
  options: readonly string[];
  /** How '' reads (a rule's workspace: any). */
  empty?: string;
  onChange(v: string): void;
}) {
  return (
    <Field label={o.label}>
      {(id) => (
        <Select id={id} value={o.value} onChange={(e) => o.onChange(e.target.value)} className="w-48">
          {o.options.map((x) => (
            <option key={x} value={x}>
              {x === '' ? (o.empty ?? '(any)') : x}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}

/** A text field of the form: the form key, its label and hint, monospaced for what a shell reads. */
type TextSpec = { k: string; label: string; hint?: string; mono?: boolean };

function TextFields(o: { specs: TextSpec[]; form: Form; onChange(form: Form): void }) {
  return (
    <>
      {o.specs.map((t) => (
        <Text
          key={t.k}
          label={t.label}
          hint={t.hint}
          mono={t.mono}
          value={String(o.form[t.k] ?? '')}
          onChange={(v) => o.onChange({ ...o.form, [t.k]: v })}
        />
      ))}
    </>
  );
}

const SERVICE_TEXTS: TextSpec[] = [
  { k: 'name', label: 'name', hint: "Letters, digits, '.', '_' or '-'.", mono: true },
  { k: 'run', label: 'run', hint: 'A command line, run by command_shell.', mono: true },
  { k: 'cwd', label: 'cwd (optional)', hint: '~ is your home directory.', mono: true },
];

export function EntryFields({
  table,
  form,
  choices,
  onChange,
}: {
  table: EntryTable;
  form: Form;
  choices: Choices;
  onChange(form: Form): void;
}) {
  const s = (k: string) => String(form[k] ?? '');
  const set = (k: string) => (v: string | boolean) => onChange({ ...form, [k]: v });
  const words = (k: string) => choices[k] ?? [];
  if (table === 'hooks')
    return (
      <>
        <Choice
          label="event"
          value={s('event')}
          options={['', ...words('event')]}
          empty="(choose an event)"
          onChange={set('event')}
        />
        <Choice label="Kind" value={s('kind')} options={HOOK_KINDS} onChange={set('kind')} />
        <TextFields
          form={form}
          onChange={onChange}
          specs={[
            {
              k: 'text',
              label: s('kind') === 'script' ? 'script (a .js or .mjs file)' : 'run (a shell command)',
              hint:
                s('kind') === 'script'
                  ? 'Relative paths are from the config directory; it runs sandboxed.'
                  : 'Gets the event as ROZI_* variables.',
              mono: true,
            },
            {
              k: 'state',
              label: 'filter state (optional)',
              hint: `A comma list of ${words('state').join(', ')}.`,
            },
            { k: 'agent', label: 'filter agent (optional)', hint: 'A comma list of agent ids.' },
          ]}
        />
      </>
    );
  if (table === 'commands')
    return (
      <>
        <Text
          label="id"
          hint="Lowercase letters, digits, _ and -: the palette and rozi run-action use it."
          value={s('id')}
          mono
          onChange={set('id')}
        />
        <Choice label="Kind" value={s('kind')} options={COMMAND_KINDS} onChange={set('kind')} />
        <Text
          label={
            s('kind') === 'send'
              ? 'Text to send (\\n is not expanded here: write a real line)'
              : 'Command line'
          }
          value={s('text')}
          mono
          onChange={set('text')}
        />
        <Text
          label="Label (optional)"
          hint="How the palette names it."
          value={s('label')}
          onChange={set('label')}
        />
        {(s('kind') === 'run' || s('kind') === 'popup') && (
          <Check
            label="keep_open: keep the output after it exits"
            checked={form.keepOpen !== false}
            onChange={set('keepOpen')}
          />
        )}
      </>
    );
  if (table === 'services')
    return (
      <>
        <TextFields specs={SERVICE_TEXTS} form={form} onChange={onChange} />
        <Choice label="restart" value={s('restart')} options={words('restart')} onChange={set('restart')} />
        <Field label="env (optional)" hint="One KEY=value a line.">
          {(id, describedBy) => (
            <textarea
              id={id}
              aria-describedby={describedBy}
              rows={2}
              value={s('env')}
              onChange={(e) => set('env')(e.target.value)}
              className={`rounded-md border border-line bg-surface px-2.5 py-1 font-mono text-[13px] text-fg ${FOCUS_RING}`}
            />
          )}
        </Field>
      </>
    );
  return (
    <>
      <Choice
        label="Match by"
        value={s('matchKind')}
        options={['match', 'match_regex']}
        onChange={set('matchKind')}
      />
      <Text
        label={
          s('matchKind') === 'match_regex' ? 'Pattern (a regular expression)' : 'Text in the command line'
        }
        value={s('pattern')}
        mono
        onChange={set('pattern')}
      />
      <Check
        label="float: open it as a floating pane"
        checked={form.float === true}
        onChange={set('float')}
      />
      {form.float === true && (
        <>
          <Text
            label="width (0.1-1 of the pane area; empty: 0.6)"
            value={s('width')}
            onChange={set('width')}
          />
          <Text label="height (0.1-1; empty: 0.6)" value={s('height')} onChange={set('height')} />
          <Choice
            label="position"
            value={s('position')}
            options={words('position')}
            onChange={set('position')}
          />
        </>
      )}
      <Choice
        label="workspace"
        value={s('workspace')}
        options={['', '1', '2', '3', '4', '5', '6', '7', '8', '9']}
        onChange={set('workspace')}
      />
      <Check
        label="focus: the new pane takes the focus"
        checked={form.focus !== false}
        onChange={set('focus')}
      />
      <Check label="fullscreen" checked={form.fullscreen === true} onChange={set('fullscreen')} />
    </>
  );
}
