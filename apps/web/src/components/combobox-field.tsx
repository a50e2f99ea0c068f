import { type KeyboardEvent, type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Form } from 'react-bootstrap';

export interface ComboboxOption {
  value: string;
  label: string;
}

interface ComboboxFieldProps {
  controlId: string;
  label: ReactNode;
  options: readonly ComboboxOption[];
  /** The chosen option's value ('' for none); with `freeText`, the text: typed, or a chosen option's label. */
  value: string;
  onChange: (value: string) => void;
  /** Any text is a value and the list only suggests (an optional free-text field). */
  freeText?: boolean;
  placeholder?: string | undefined;
  disabled?: boolean | undefined;
  error?: string | undefined;
  autoComplete?: string | undefined;
  className?: string | undefined;
}

/** Lower case without accents, so "aland" finds "Åland Islands" and "cote" "Côte d'Ivoire". */
function folded(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
}

/** Options containing what was typed, those starting with it first. */
function matching(options: readonly ComboboxOption[], typed: string): ComboboxOption[] {
  const query = folded(typed);
  if (!query) return [...options];
  const starts: ComboboxOption[] = [];
  const contains: ComboboxOption[] = [];
  for (const option of options) {
    const label = folded(option.label);
    if (label.startsWith(query)) starts.push(option);
    else if (label.includes(query)) contains.push(option);
  }
  return [...starts, ...contains];
}

/**
 * A text input with a list that filters as you type (the WAI-ARIA "editable combobox with list
 * autocomplete" pattern): arrow keys move through the list, Enter chooses, Escape closes it, and
 * the choice is read out through aria-activedescendant. For lists too long to scroll, like countries.
 */
export function ComboboxField({
  controlId,
  label,
  options,
  value,
  onChange,
  freeText = false,
  placeholder,
  disabled,
  error,
  autoComplete = 'off',
  className,
}: ComboboxFieldProps) {
  const listId = useId();
  const labelId = useId();
  const errorId = `${controlId}-error`;
  const list = useRef<HTMLDivElement>(null);
  const isChosen = (option: ComboboxOption) => (freeText ? option.label : option.value) === value;
  const selected = options.find(isChosen);
  // What the user typed since the last choice (null: the input shows the choice).
  const [typed, setTyped] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const text = freeText ? value : (typed ?? selected?.label ?? '');
  const shown = useMemo(() => (typed === null ? [...options] : matching(options, typed)), [options, typed]);
  const expanded = open && shown.length > 0;
  const activeOption = expanded ? shown[active] : undefined;
  const optionId = (index: number) => `${listId}-option-${index}`;

  // Keep the active option in view as the arrow keys move through a long list.
  useEffect(() => {
    if (!expanded || active < 0) return;
    list.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView?.({ block: 'nearest' });
  }, [expanded, active]);

  const choose = (option: ComboboxOption) => {
    onChange(freeText ? option.label : option.value);
    setTyped(null);
    setOpen(false);
    setActive(-1);
  };

  const type = (next: string) => {
    setTyped(next);
    setOpen(true);
    setActive(next.trim() ? 0 : -1);
    if (freeText) {
      onChange(next);
      return;
    }
    // Typing a name in full chooses it; anything else is no choice yet.
    const exact = options.find((option) => folded(option.label) === folded(next));
    onChange(exact?.value ?? '');
  };

  const openList = () => {
    setOpen(true);
    const current = shown.findIndex(isChosen);
    setActive(current >= 0 ? current : 0);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      if (!expanded) openList();
      else setActive((index) => Math.min(index + 1, shown.length - 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      if (!expanded) openList();
      else setActive((index) => Math.max(index - 1, 0));
    } else if (event.key === 'Enter' && activeOption) {
      // Enter chooses from the open list; it does not submit the form.
      event.preventDefault();
      choose(activeOption);
    } else if (event.key === 'Escape' && expanded) {
      // Closes the list only, not the dialog around it.
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  };

  return (
    <Form.Group className={className}>
      <Form.Label id={labelId} htmlFor={controlId}>
        {label}
      </Form.Label>
      <div className="position-relative">
        <input
          id={controlId}
          type="text"
          role="combobox"
          className={`form-select${error ? ' is-invalid' : ''}`}
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={activeOption ? optionId(active) : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          autoComplete={autoComplete}
          spellCheck={false}
          placeholder={placeholder}
          disabled={disabled}
          value={text}
          onChange={(event) => type(event.target.value)}
          onKeyDown={onKeyDown}
          onClick={() => (expanded ? setOpen(false) : openList())}
          onBlur={() => setOpen(false)}
        />
        <div
          ref={list}
          id={listId}
          role="listbox"
          aria-labelledby={labelId}
          className={`combobox-list list-group shadow${expanded ? '' : ' d-none'}`}
        >
          {expanded &&
            shown.map((option, index) => (
              // biome-ignore lint/a11y/useKeyWithClickEvents: the keys are the input's (aria-activedescendant); a click is the mouse's way
              <div
                key={option.value}
                id={optionId(index)}
                data-index={index}
                role="option"
                tabIndex={-1}
                aria-selected={isChosen(option)}
                className={`list-group-item list-group-item-action${index === active ? ' active' : ''}`}
                // Keeps the focus in the input, so the list does not close before the click.
                onMouseDown={(event) => event.preventDefault()}
                onMouseMove={() => setActive(index)}
                onClick={() => choose(option)}
              >
                {option.label}
              </div>
            ))}
        </div>
        <Form.Control.Feedback type="invalid" id={errorId}>
          {error}
        </Form.Control.Feedback>
      </div>
    </Form.Group>
  );
}
