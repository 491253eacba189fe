'use client';
// One `[[agents.states]]` rule: its state, what it reads (screen or title, all or footer), and its
// pattern group (all_of / any_of / none_of, regex switch), with detect's warnings for it inline and
// whether it matches the previewed screen right now.
import { Button, IconButton, Select, Toggle } from '@rozi/ui';
import { addPattern, ruleGroup, ruleTarget, withGroup, withTarget } from './draftEdits';
import type { DetectState, DraftWarning, GroupList, Rule } from './editorTypes';
import { DETECT_STATES, isDetectState } from './editorTypes';
import { PatternList } from './PatternList';
import { Segmented } from './Segmented';
import { tint } from './ruleColours';

const LISTS: readonly { key: GroupList; label: string; hint: string }[] = [
  { key: 'all_of', label: 'All of', hint: 'every pattern must match' },
  { key: 'any_of', label: 'Any of', hint: 'at least one must match' },
  { key: 'none_of', label: 'None of', hint: 'no pattern may match' },
];

const STATE_HINT: Record<DetectState, string> = {
  blocked: 'needs input: an approval prompt, a question',
  working: 'busy: a spinner, an interrupt hint',
  idle: 'waiting for a prompt',
  unknown: 'this view hides the state (help page, navigator)',
};

export interface RuleCardProps {
  index: number;
  count: number;
  rule: Rule;
  colour: string;
  warnings: readonly DraftWarning[];
  /** 'decided' when this rule set the previewed state, 'matched' when it matched but lost on precedence. */
  live: 'decided' | 'matched' | null;
  onChange(rule: Rule): void;
  onRemove(): void;
  onDuplicate(): void;
  onMove(delta: -1 | 1): void;
}

export function RuleCard({
  index,
  count,
  rule,
  colour,
  warnings,
  live,
  onChange,
  onRemove,
  onDuplicate,
  onMove,
}: RuleCardProps) {
  const target = ruleTarget(rule);
  const group = ruleGroup(rule);
  const n = index + 1;
  const invalid = warnings.length > 0;
  return (
    <li
      aria-label={`Rule ${n}`}
      data-rule-index={index}
      className={`rounded-lg border bg-surface shadow-sm ${invalid ? 'border-danger/60' : 'border-line'}`}
      style={{ borderLeft: `3px solid ${colour}` }}
    >
      <div className="flex flex-wrap items-center gap-2 border-b border-line px-3 py-2">
        <span
          className="rounded px-1.5 py-px font-mono text-[11px] font-semibold"
          style={{ background: tint(colour, 22), color: 'var(--rz-fg)' }}
        >
          Rule {n}
        </span>
        <Select
          aria-label={`Rule ${n} state`}
          value={rule.state}
          onChange={(e) => onChange({ ...rule, state: e.target.value })}
          className="h-7 w-[108px] text-[12px]"
          title={isDetectState(rule.state) ? STATE_HINT[rule.state] : undefined}
        >
          {!isDetectState(rule.state) && <option value={rule.state}>{rule.state || '(none)'}</option>}
          {DETECT_STATES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </Select>
        <Segmented
          label={`Rule ${n} reads`}
          value={target}
          options={[
            { value: 'screen', label: 'Screen', hint: 'visible terminal text' },
            { value: 'title', label: 'Title', hint: 'the terminal title (OSC 0/2)' },
          ]}
          onChange={(t) => onChange(withTarget(rule, t))}
        />
        <Segmented
          label={`Rule ${n} scope`}
          value={target === 'title' ? 'all' : rule.scope === 'footer' ? 'footer' : 'all'}
          disabled={target === 'title'}
          options={[
            { value: 'all', label: 'All', hint: 'the whole screen' },
            { value: 'footer', label: 'Footer', hint: 'the last eight non-empty lines' },
          ]}
          onChange={(scope) => onChange({ ...rule, scope })}
        />
        {live && (
          <span
            data-rule-live={live}
            className={`rounded-full px-2 py-px text-[11px] font-medium ${live === 'decided' ? 'bg-accent/15 text-accent' : 'bg-surface-3 text-muted'}`}
            title={
              live === 'decided'
                ? 'This rule decides the previewed state'
                : 'This rule matches, but a state higher in precedence won'
            }
          >
            {live === 'decided' ? 'decides' : 'matches'}
          </span>
        )}
        <div className="ml-auto flex items-center gap-0.5">
          <IconButton
            icon="arrowUp"
            label={`Move rule ${n} up`}
            disabled={index === 0}
            onClick={() => onMove(-1)}
          />
          <IconButton
            icon="arrowDown"
            label={`Move rule ${n} down`}
            disabled={index === count - 1}
            onClick={() => onMove(1)}
          />
          <Button
            variant="ghost"
            className="h-6 px-1.5 text-[12px] text-muted hover:text-fg"
            onClick={onDuplicate}
            aria-label={`Duplicate rule ${n}`}
          >
            Duplicate
          </Button>
          <IconButton icon="close" label={`Remove rule ${n}`} onClick={onRemove} />
        </div>
      </div>
      <div className="flex flex-col gap-3 px-3 py-3">
        <div className="flex flex-col gap-2.5">
          {LISTS.map((l) => (
            <div
              key={l.key}
              role="group"
              aria-label={`Rule ${n} ${l.label.toLowerCase()}`}
              className="grid min-w-0 gap-x-3 gap-y-1 sm:grid-cols-[7.5rem_minmax(0,1fr)]"
            >
              <div className="pt-1.5 text-[12px] font-medium text-fg">
                {l.label}
                <span className="block text-[11px] font-normal text-muted">{l.hint}</span>
              </div>
              <PatternList
                label={`Rule ${n} ${l.label.toLowerCase()} pattern`}
                values={group[l.key] ?? []}
                onChange={(values) => onChange(withGroup(rule, { ...group, [l.key]: values }))}
                placeholder={group.regex ? '(?m)^\\s*regex' : 'text on screen'}
                addLabel="Pattern"
                accent={l.key === 'none_of' ? 'var(--rz-danger)' : undefined}
              />
            </div>
          ))}
        </div>
        <div className="flex items-center gap-4">
          <div className="w-56">
            <Toggle
              label="Regular expressions"
              checked={group.regex === true}
              onChange={(regex) => onChange(withGroup(rule, { ...group, regex }))}
            />
          </div>
          {(group.all_of ?? []).length + (group.any_of ?? []).length === 0 && (
            <Button
              variant="ghost"
              className="h-7 px-2 text-[12px]"
              onClick={() => onChange(withGroup(rule, addPattern(group, 'any_of')))}
            >
              Add an any-of pattern
            </Button>
          )}
          <span className="text-[12px] text-muted">Matching ignores case.</span>
        </div>
        {warnings.length > 0 && (
          <ul className="flex flex-col gap-1" data-rule-warnings={index}>
            {warnings.map((w, i) => (
              <li
                key={i}
                role="alert"
                className="rounded-md border border-danger/40 bg-danger/10 px-2 py-1 text-[12px] text-danger"
              >
                {w.message}
              </li>
            ))}
          </ul>
        )}
      </div>
    </li>
  );
}
