'use client';
// The form for one `[[agents]]` entry: identity, process match, native resume, the common rules
// switch and the ordered state rules. Every field shows detect's own warning for it as you type.
import { Button, Field, Select, TextInput, Toggle } from '@rozi/ui';
import type { ReactNode } from 'react';
import { CommonRulesPanel } from './CommonRulesPanel';
import { addRule, duplicateRule, moveRule, newRule, removeRule, replaceRule, rulesOf } from './draftEdits';
import type { CommonRule, Draft, DraftWarning, Evaluation } from './editorTypes';
import { PatternList } from './PatternList';
import { RuleCard } from './RuleCard';
import { ruleColour } from './ruleColours';

export interface DefinitionFormProps {
  draft: Draft;
  onChange(draft: Draft): void;
  warnings: readonly DraftWarning[];
  commonRules: readonly CommonRule[];
  evaluation: Evaluation | null;
  /** Shown under the id: "overrides the built-in claude", "replaces the config entry". */
  idNote: string | null;
}

function Card({
  title,
  description,
  children,
  aside,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  aside?: ReactNode;
}) {
  return (
    <section className="rounded-lg border border-line bg-surface p-4" aria-label={title}>
      <div className="mb-3 flex items-start gap-3">
        <div className="flex-1">
          <h2 className="text-[14px] font-semibold">{title}</h2>
          {description && <p className="mt-0.5 text-[12px] text-muted">{description}</p>}
        </div>
        {aside}
      </div>
      <div className="flex flex-col gap-3">{children}</div>
    </section>
  );
}

function messages(ws: readonly DraftWarning[]): string | null {
  return ws.length === 0 ? null : ws.map((w) => w.message).join(' · ');
}

type ResumeMode = 'unset' | 'off' | 'argv';

export function DefinitionForm({
  draft,
  onChange,
  warnings,
  commonRules,
  evaluation,
  idNote,
}: DefinitionFormProps) {
  const of = (field: DraftWarning['field']) => warnings.filter((w) => w.field === field);
  const rules = rulesOf(draft);
  const resumeMode: ResumeMode = draft.resume === false ? 'off' : draft.resume ? 'argv' : 'unset';
  const commonMatched = new Set((evaluation?.matches ?? []).filter((m) => m.common).map((m) => m.ruleId));
  const liveOf = (i: number): 'decided' | 'matched' | null => {
    if (!evaluation) return null;
    if (evaluation.decidedBy?.ruleIndex === i) return 'decided';
    return evaluation.matches.some((m) => m.ruleIndex === i) ? 'matched' : null;
  };
  return (
    <div className="flex flex-col gap-4" data-testid="definition-form">
      {of('entry').length > 0 && (
        <div
          role="alert"
          className="rounded-md border border-danger/40 bg-danger/10 px-3 py-2 text-[12px] text-danger"
        >
          {messages(of('entry'))}
        </div>
      )}
      <Card
        title="Agent"
        description="How rozi names it. An id equal to a built-in’s replaces that built-in."
      >
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label="Id" hint={idNote ?? 'Lowercase letters, digits, - and _.'} error={messages(of('id'))}>
            {(id, describedBy) => (
              <TextInput
                id={id}
                aria-describedby={describedBy}
                aria-invalid={of('id').length > 0 || undefined}
                className="font-mono"
                value={draft.id}
                spellCheck={false}
                autoComplete="off"
                onChange={(e) => onChange({ ...draft, id: e.target.value })}
                placeholder="mycoolagent"
              />
            )}
          </Field>
          <Field label="Label" hint="Shown on badges. Defaults to the id.">
            {(id, describedBy) => (
              <TextInput
                id={id}
                aria-describedby={describedBy}
                value={draft.label ?? ''}
                onChange={(e) => onChange({ ...draft, label: e.target.value })}
                placeholder="My Cool Agent"
              />
            )}
          </Field>
        </div>
        <Toggle
          label="Apply rozi’s common rules (base)"
          description="Approval text, yes/no questions, trust prompts, choice dialogs, spinners and interrupt hints. Turn off when the tool’s transcript quotes that kind of text."
          checked={draft.base !== false}
          onChange={(base) => onChange({ ...draft, base })}
        />
        <CommonRulesPanel rules={commonRules} matched={commonMatched} />
      </Card>

      <Card
        title="Process match"
        description="Which programs are this agent. Names are executable basenames; paths are substrings of the executable path or an argument (for tools run through node, python or a package manager)."
      >
        <div className="grid gap-3 sm:grid-cols-2">
          <fieldset>
            <legend className="mb-1 text-[12px] font-medium">Names</legend>
            <PatternList
              label="Process name"
              values={draft.match?.names ?? []}
              onChange={(names) => onChange({ ...draft, match: { ...draft.match, names } })}
              placeholder="mca"
              addLabel="Name"
              invalid={of('match').length > 0}
            />
          </fieldset>
          <fieldset>
            <legend className="mb-1 text-[12px] font-medium">Paths</legend>
            <PatternList
              label="Process path"
              values={draft.match?.paths ?? []}
              onChange={(paths) => onChange({ ...draft, match: { ...draft.match, paths } })}
              placeholder="@acme/mca"
              addLabel="Path"
              invalid={of('match').length > 0}
            />
          </fieldset>
        </div>
        {of('match').length > 0 && (
          <p role="alert" className="text-[12px] text-danger">
            {messages(of('match'))}
          </p>
        )}
      </Card>

      <Card
        title="Native resume"
        description={
          <>
            How resurrection reopens a conversation. <code className="font-mono">{'{session}'}</code> must
            appear exactly once, as a whole argument, and not as the program.
          </>
        }
      >
        <Field label="Resume" error={null}>
          {(id) => (
            <Select
              id={id}
              className="w-full max-w-sm"
              value={resumeMode}
              onChange={(e) => {
                const mode = e.target.value as ResumeMode;
                const next = { ...draft };
                if (mode === 'unset') delete next.resume;
                else
                  next.resume =
                    mode === 'off'
                      ? false
                      : {
                          argv: draft.resume
                            ? draft.resume.argv
                            : [draft.id || 'tool', '--resume', '{session}'],
                        };
                onChange(next);
              }}
            >
              <option value="unset">Not set (an override keeps the built-in’s)</option>
              <option value="argv">Resume with a command</option>
              <option value="off">Off (resume = false)</option>
            </Select>
          )}
        </Field>
        {draft.resume && (
          <fieldset>
            <legend className="mb-1 text-[12px] font-medium">argv</legend>
            <PatternList
              label="Resume argument"
              values={draft.resume.argv}
              onChange={(argv) => onChange({ ...draft, resume: { argv } })}
              placeholder="{session}"
              addLabel="Argument"
              invalid={of('resume').length > 0}
            />
          </fieldset>
        )}
        {of('resume').length > 0 && (
          <p role="alert" className="text-[12px] text-danger">
            {messages(of('resume'))}
          </p>
        )}
      </Card>

      <Card
        title={`State rules (${rules.length})`}
        description="When several rules match, the first state in unknown › blocked › working › idle wins; their order here does not matter. No match reads idle."
        aside={
          <Button icon="plus" onClick={() => onChange(addRule(draft, newRule()))}>
            Add rule
          </Button>
        }
      >
        {rules.length === 0 ? (
          <p className="rounded-md border border-dashed border-line px-3 py-4 text-center text-[12px] text-muted">
            No rules of its own:{' '}
            {draft.base === false ? 'nothing detects a state.' : 'only the common rules detect its state.'}
          </p>
        ) : (
          <ol className="flex flex-col gap-3">
            {rules.map((rule, i) => (
              <RuleCard
                key={i}
                index={i}
                count={rules.length}
                rule={rule}
                colour={ruleColour(i)}
                warnings={warnings.filter((w) => w.field === 'rule' && w.rule === i)}
                live={liveOf(i)}
                onChange={(r) => onChange(replaceRule(draft, i, r))}
                onRemove={() => onChange(removeRule(draft, i))}
                onDuplicate={() => onChange(duplicateRule(draft, i))}
                onMove={(d) => onChange(moveRule(draft, i, d))}
              />
            ))}
          </ol>
        )}
        {rules.length > 0 && (
          <div>
            <Button variant="ghost" icon="plus" onClick={() => onChange(addRule(draft, newRule()))}>
              Add rule
            </Button>
          </div>
        )}
      </Card>
    </div>
  );
}
