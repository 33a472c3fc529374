import { useId, useState, type KeyboardEvent, type ReactNode } from "react";
import { useT } from "../../i18n/useT";
import { Icon } from "../../shell/Icon";

interface ChipsProps {
  values: readonly string[];
  labelOf?: (value: string) => string;
  onRemove: (value: string) => void;
}

function Chips({ values, labelOf = (value) => value, onRemove }: ChipsProps) {
  const t = useT();
  if (values.length === 0) return null;
  return (
    <ul className="chips leads-chips">
      {values.map((value) => (
        <li key={value} className="chip">
          {labelOf(value)}
          <button
            type="button"
            className="chip__remove"
            aria-label={t("leads.filters.remove", { value: labelOf(value) })}
            onClick={() => onRemove(value)}
          >
            <Icon name="close" size={12} />
          </button>
        </li>
      ))}
    </ul>
  );
}

interface FieldShellProps {
  label: string;
  error?: string;
  className?: string;
  children: (props: { id: string; "aria-invalid"?: true; "aria-describedby"?: string }) => ReactNode;
}

/** A labelled form field with its error under it. */
export function FieldShell({ label, error, className = "", children }: FieldShellProps) {
  const id = useId();
  return (
    <div className={`form-field ${className}`}>
      <label htmlFor={id} className="form-field__label">
        {label}
      </label>
      {children({ id, "aria-invalid": error ? true : undefined, "aria-describedby": error ? `${id}-error` : undefined })}
      {error && (
        <p id={`${id}-error`} className="form-field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

interface TagInputProps {
  label: string;
  values: readonly string[];
  placeholder?: string;
  error?: string;
  onChange: (values: string[]) => void;
}

/** Free words, each added with Enter or a comma, shown as removable chips. */
export function TagInput({ label, values, placeholder, error, onChange }: TagInputProps) {
  const [draft, setDraft] = useState("");
  const add = () => {
    const word = draft.replace(/,/g, " ").trim();
    if (word && !values.includes(word)) onChange([...values, word]);
    setDraft("");
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter" || event.key === ",") {
      event.preventDefault();
      add();
    } else if (event.key === "Backspace" && !draft && values.length > 0) {
      onChange(values.slice(0, -1));
    }
  };
  return (
    <FieldShell label={label} error={error}>
      {(props) => (
        <div className="leads-multi">
          <input
            {...props}
            className="input"
            value={draft}
            placeholder={placeholder}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={onKeyDown}
            onBlur={add}
          />
          <Chips values={values} onRemove={(value) => onChange(values.filter((item) => item !== value))} />
        </div>
      )}
    </FieldShell>
  );
}

interface OptionSelectProps {
  label: string;
  values: readonly string[];
  options: readonly { value: string; label: string }[];
  anyLabel: string;
  error?: string;
  onChange: (values: string[]) => void;
}

/** Several values from a known list: each pick becomes a removable chip. */
export function OptionSelect({ label, values, options, anyLabel, error, onChange }: OptionSelectProps) {
  const labelOf = (value: string) => options.find((option) => option.value === value)?.label ?? value;
  return (
    <FieldShell label={label} error={error}>
      {(props) => (
        <div className="leads-multi">
          <select
            {...props}
            className="select"
            value=""
            onChange={(event) => {
              const value = event.target.value;
              if (value && !values.includes(value)) onChange([...values, value]);
            }}
          >
            <option value="">{values.length ? `+ ${anyLabel}` : anyLabel}</option>
            {options
              .filter((option) => !values.includes(option.value))
              .map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
          </select>
          <Chips values={values} labelOf={labelOf} onRemove={(value) => onChange(values.filter((item) => item !== value))} />
        </div>
      )}
    </FieldShell>
  );
}
