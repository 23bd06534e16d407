// A language code box (`fr`, `pt-BR`), checked with the contract's pattern as the user types.
import { LANGUAGE_CODE_PATTERN } from '#contract/primitives.ts';
import { Field } from '../../components/ui/field.tsx';

export const isLanguageCode = (value: string) => LANGUAGE_CODE_PATTERN.test(value);

export function LanguageField({
  label,
  hint,
  value,
  onChange,
}: {
  label: string;
  hint: string;
  value: string;
  onChange(value: string): void;
}) {
  const error =
    value !== '' && !isLanguageCode(value) ? 'A language code such as fr or pt-BR.' : undefined;
  return (
    <Field label={label} hint={hint} error={error}>
      {(control) => (
        <input
          {...control}
          className="input input--narrow"
          value={value}
          maxLength={35}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => onChange(event.target.value.trim())}
        />
      )}
    </Field>
  );
}
