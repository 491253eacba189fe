'use client';
// Rename / name-this prompts and "are you sure" confirmations, both on the shared Dialog.
import { Button, Dialog, Field, Select, TextInput } from '@rozi/ui';
import { useState } from 'react';
import type { ConfirmRequest, PromptRequest } from '../actions/actionTypes';
import { DirectoryInput } from '../fields/DirectoryInput';

export function PromptDialog({ request, onClose }: { request: PromptRequest | null; onClose(): void }) {
  return (
    <Dialog open={request !== null} onClose={onClose} title={request?.title ?? ''}>
      {request && <PromptForm key={request.title + request.initial} request={request} onClose={onClose} />}
    </Dialog>
  );
}

function PromptForm({ request, onClose }: { request: PromptRequest; onClose(): void }) {
  const [value, setValue] = useState(request.initial);
  const [choice, setChoice] = useState(request.choice?.initial ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={async (e) => {
        e.preventDefault();
        setBusy(true);
        try {
          const problem = await request.onSubmit(value, request.choice ? choice : undefined);
          if (problem) setError(problem);
          else onClose();
        } catch (err) {
          setError(err instanceof Error ? err.message : String(err));
        } finally {
          setBusy(false);
        }
      }}
    >
      {request.choice && (
        <Field label={request.choice.label}>
          {(id, describedBy) => (
            <Select
              id={id}
              aria-describedby={describedBy}
              value={choice}
              onChange={(e) => setChoice(e.target.value)}
            >
              {request.choice?.options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </Select>
          )}
        </Field>
      )}
      <Field label={request.label} error={error}>
        {(id, describedBy) =>
          request.directory ? (
            <DirectoryInput
              id={id}
              aria-describedby={describedBy}
              autoFocus
              value={value}
              placeholder="~/src/project"
              session={typeof request.directory === 'object' ? request.directory.session : undefined}
              onValueChange={setValue}
              onFocus={(e) => e.target.select()}
            />
          ) : (
            <TextInput
              id={id}
              aria-describedby={describedBy}
              autoFocus
              value={value}
              onChange={(e) => setValue(e.target.value)}
              onFocus={(e) => e.target.select()}
            />
          )
        }
      </Field>
      <div className="flex justify-end gap-2">
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" variant="primary" disabled={busy}>
          {request.submitLabel ?? 'Save'}
        </Button>
      </div>
    </form>
  );
}

export function ConfirmDialog({ request, onClose }: { request: ConfirmRequest | null; onClose(): void }) {
  const [error, setError] = useState<string | null>(null);
  return (
    <Dialog open={request !== null} onClose={onClose} title={request?.title ?? ''}>
      {request && (
        <div className="flex flex-col gap-4">
          <p className="text-[13px] text-fg/90">{request.message}</p>
          {error && (
            <p role="alert" className="text-[12px] text-danger">
              {error}
            </p>
          )}
          <div className="flex justify-end gap-2">
            <Button onClick={onClose}>Cancel</Button>
            <Button
              variant="danger"
              autoFocus
              onClick={async () => {
                try {
                  await request.onConfirm();
                  setError(null);
                  onClose();
                } catch (err) {
                  setError(err instanceof Error ? err.message : String(err));
                }
              }}
            >
              {request.confirmLabel}
            </Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
