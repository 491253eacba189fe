'use client';
// The fields of one [[commands]] / [[services]] / [[rules]] entry form (entryModel.ts's Form):
// labelled controls with rozi's words for each key, so the file and the form read alike.
import { Field, FOCUS_RING, Select, TextInput } from '@rozi/ui';
import { COMMAND_KINDS, POSITIONS, RESTARTS, type EntryTable, type Form } from './entryModel';

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

function Choice(o: { label: string; value: string; options: readonly string[]; onChange(v: string): void }) {
  return (
    <Field label={o.label}>
      {(id) => (
        <Select id={id} value={o.value} onChange={(e) => o.onChange(e.target.value)} className="w-48">
          {o.options.map((x) => (
            <option key={x} value={x}>
              {x === '' ? '(any)' : x}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}

export function EntryFields({
  table,
  form,
  onChange,
}: {
  table: EntryTable;
  form: Form;
  onChange(form: Form): void;
}) {
  const s = (k: string) => String(form[k] ?? '');
  const set = (k: string) => (v: string | boolean) => onChange({ ...form, [k]: v });
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
        <Text
          label="name"
          hint="Letters, digits, '.', '_' or '-'."
          value={s('name')}
          mono
          onChange={set('name')}
        />
        <Text
          label="run"
          hint="A command line, run by command_shell."
          value={s('run')}
          mono
          onChange={set('run')}
        />
        <Text
          label="cwd (optional)"
          hint="~ is your home directory."
          value={s('cwd')}
          mono
          onChange={set('cwd')}
        />
        <Choice label="restart" value={s('restart')} options={RESTARTS} onChange={set('restart')} />
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
          <Choice label="position" value={s('position')} options={POSITIONS} onChange={set('position')} />
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
