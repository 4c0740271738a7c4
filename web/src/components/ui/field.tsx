import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";
import { cn } from "../../lib/cn";

export const controlClass = cn(
  "block w-full rounded-xl border border-stone-300 bg-white px-3.5 py-2.5 text-base text-stone-900 shadow-xs sm:text-sm",
  "placeholder:text-stone-400 focus:border-court-600 focus:outline-none focus:ring-2 focus:ring-court-600/30",
  "disabled:bg-stone-100 disabled:text-stone-500 [&:is(input,textarea):read-only]:bg-stone-50 aria-invalid:border-red-500",
);

interface FieldShell {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  className?: string;
}

function Shell({ id, label, hint, error, className, children }: FieldShell & { id: string; children: ReactNode }) {
  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      <label htmlFor={id} className="text-sm font-medium text-stone-800">
        {label}
      </label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-stone-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-xs font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

const describedBy = (id: string, hint: unknown, error: unknown) =>
  error ? `${id}-error` : hint ? `${id}-hint` : undefined;

export function TextField({ label, hint, error, className, id, ...props }: FieldShell & InputHTMLAttributes<HTMLInputElement>) {
  const auto = useId();
  const fieldId = id ?? auto;
  return (
    <Shell id={fieldId} label={label} hint={hint} error={error} className={className}>
      <input
        id={fieldId}
        className={controlClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, hint, error)}
        {...props}
      />
    </Shell>
  );
}

export function TextAreaField({ label, hint, error, className, id, ...props }: FieldShell & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const auto = useId();
  const fieldId = id ?? auto;
  return (
    <Shell id={fieldId} label={label} hint={hint} error={error} className={className}>
      <textarea
        id={fieldId}
        className={cn(controlClass, "min-h-24")}
        aria-describedby={describedBy(fieldId, hint, error)}
        {...props}
      />
    </Shell>
  );
}

export function SelectField({
  label,
  hint,
  error,
  className,
  id,
  children,
  ...props
}: FieldShell & SelectHTMLAttributes<HTMLSelectElement>) {
  const auto = useId();
  const fieldId = id ?? auto;
  return (
    <Shell id={fieldId} label={label} hint={hint} error={error} className={className}>
      <select
        id={fieldId}
        className={cn(controlClass, "appearance-auto")}
        aria-describedby={describedBy(fieldId, hint, error)}
        {...props}
      >
        {children}
      </select>
    </Shell>
  );
}
