import { useId } from "react";
import type { Text } from "../i18n/messages";
import { useT, useTextFormatter } from "../i18n/useT";

interface Props {
  value: string;
  error: Text | null;
  onChange: (value: string) => void;
}

export function EmailField({ value, error, onChange }: Props) {
  const t = useT();
  const format = useTextFormatter();
  const id = useId();
  return (
    <div className="form-field">
      <label htmlFor={id} className="form-field__label">
        {t("auth.email")}
      </label>
      <input
        id={id}
        className="input"
        type="email"
        name="email"
        autoComplete="email"
        placeholder={t("auth.emailPlaceholder")}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {error && (
        <p id={`${id}-error`} className="form-field__error" role="alert">
          {format(error)}
        </p>
      )}
    </div>
  );
}
