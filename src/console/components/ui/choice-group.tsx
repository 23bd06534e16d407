// One value of a few, chosen with radio buttons under a legend (what to import, create or change).
import type { ReactNode } from 'react';

export interface Choice<T extends string> {
  value: T;
  label: ReactNode;
}

export function ChoiceGroup<T extends string>({
  legend,
  name,
  value,
  choices,
  onChange,
  layout = 'row',
  disabled,
}: {
  legend: string;
  /** The radio group's name: unique on the page. */
  name: string;
  value: T;
  choices: readonly Choice<NoInfer<T>>[];
  onChange(value: NoInfer<T>): void;
  /** `row`: side by side while they fit; `column`: one under another. */
  layout?: 'row' | 'column';
  disabled?: boolean;
}) {
  return (
    <fieldset
      className={`choice-group${layout === 'row' ? ' choice-group--row' : ''}`}
      disabled={disabled}
    >
      <legend className="field__label">{legend}</legend>
      {choices.map((choice) => (
        <label key={choice.value} className="choice">
          <input
            type="radio"
            name={name}
            value={choice.value}
            checked={value === choice.value}
            onChange={() => onChange(choice.value)}
          />
          <span>{choice.label}</span>
        </label>
      ))}
    </fieldset>
  );
}
