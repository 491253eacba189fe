// Form controls and buttons with one look and a visible focus ring everywhere.
import type { ButtonHTMLAttributes, InputHTMLAttributes, ReactNode, SelectHTMLAttributes } from 'react';
import { forwardRef, useId } from 'react';
import type { IconName } from './Icon';
import { Icon } from './Icon';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger';

const VARIANT: Record<Variant, string> = {
  primary: 'bg-accent text-accent-fg hover:bg-accent/90 border-transparent',
  secondary: 'bg-surface-2 text-fg hover:bg-surface-3 border-line',
  ghost: 'bg-transparent text-fg hover:bg-surface-2 border-transparent',
  danger: 'bg-danger text-white hover:bg-danger/90 border-transparent',
};

export const FOCUS_RING =
  'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-accent';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  icon?: IconName;
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'secondary', icon, className = '', children, type = 'button', ...rest },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      data-variant={variant}
      className={`inline-flex h-8 items-center justify-center gap-1.5 rounded-md border px-3 text-[13px] font-medium transition-colors disabled:cursor-not-allowed disabled:opacity-50 ${VARIANT[variant]} ${FOCUS_RING} ${className}`}
      {...rest}
    >
      {icon && <Icon name={icon} size={14} />}
      {children}
    </button>
  );
});

export interface IconButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  icon: IconName;
  /** Required: an icon alone says nothing to a screen reader. */
  label: string;
  size?: 'sm' | 'md' | 'lg';
}

export const IconButton = forwardRef<HTMLButtonElement, IconButtonProps>(function IconButton(
  { icon, label, size = 'sm', className = '', type = 'button', ...rest },
  ref,
) {
  // lg: a 44 px touch target for the phone layout, in px: the root font size is 13 px, so rem
  // sizes come out smaller than their names (size-11 is 35.75 px).
  const box = size === 'sm' ? 'size-6' : size === 'md' ? 'size-8' : 'size-[44px]';
  return (
    <button
      ref={ref}
      type={type}
      aria-label={label}
      title={label}
      className={`inline-flex ${box} items-center justify-center rounded text-muted transition-colors hover:bg-surface-3 hover:text-fg disabled:opacity-40 ${FOCUS_RING} ${className}`}
      {...rest}
    >
      <Icon name={icon} size={size === 'sm' ? 14 : size === 'md' ? 16 : 18} />
    </button>
  );
});

export interface FieldProps {
  label: string;
  hint?: ReactNode;
  error?: string | null;
  children: (id: string, describedBy: string | undefined) => ReactNode;
}

/** A label, the control, and a hint or error tied to it with aria-describedby. */
export function Field({ label, hint, error, children }: FieldProps) {
  const id = useId();
  const noteId = `${id}-note`;
  const note = error ?? hint;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-[12px] font-medium text-fg">
        {label}
      </label>
      {children(id, note ? noteId : undefined)}
      {note && (
        <p
          id={noteId}
          className={`text-[12px] ${error ? 'text-danger' : 'text-muted'}`}
          role={error ? 'alert' : undefined}
        >
          {note}
        </p>
      )}
    </div>
  );
}

export const TextInput = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(
  function TextInput({ className = '', ...rest }, ref) {
    return (
      <input
        ref={ref}
        className={`h-8 rounded-md border border-line bg-surface px-2.5 text-[13px] text-fg placeholder:text-muted/70 ${FOCUS_RING} ${className}`}
        {...rest}
      />
    );
  },
);

/** The filter box that leads a page's toolbar: fills the row, never narrower than 16rem. */
export function SearchField(props: {
  label: string;
  /** Defaults to the label. */
  placeholder?: string;
  value: string;
  onChange(value: string): void;
}) {
  return (
    <div className="min-w-[16rem] flex-1">
      <TextInput
        aria-label={props.label}
        placeholder={props.placeholder ?? props.label}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </div>
  );
}

export function Select({ className = '', ...rest }: SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <select
      className={`h-8 rounded-md border border-line bg-surface px-2 text-[13px] text-fg ${FOCUS_RING} ${className}`}
      {...rest}
    />
  );
}

export interface ToggleProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: string;
  description?: ReactNode;
  disabled?: boolean;
}

/** A switch with its label; role=switch so screen readers announce on/off. */
export function Toggle({ checked, onChange, label, description, disabled }: ToggleProps) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="flex flex-col">
        <label htmlFor={id} className="text-[13px] text-fg">
          {label}
        </label>
        {description && <span className="text-[12px] text-muted">{description}</span>}
      </div>
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={checked}
        disabled={disabled}
        onClick={() => onChange(!checked)}
        className={`relative h-5 w-9 shrink-0 rounded-full border border-line transition-colors disabled:opacity-50 ${checked ? 'bg-accent' : 'bg-surface-3'} ${FOCUS_RING}`}
      >
        <span
          aria-hidden="true"
          className={`absolute top-0.5 size-3.5 rounded-full bg-white shadow transition-[left] ${checked ? 'left-[18px]' : 'left-0.5'}`}
        />
      </button>
    </div>
  );
}

/** A key chord as the user types it, e.g. `Ctrl+A %`. */
export function Kbd({ children, className = '' }: { children: ReactNode; className?: string }) {
  return (
    <kbd
      className={`inline-flex h-5 items-center rounded border border-line bg-surface-2 px-1.5 font-mono text-[11px] text-muted ${className}`}
    >
      {children}
    </kbd>
  );
}
