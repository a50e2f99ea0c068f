import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';

export interface PageTab {
  key: string;
  title: string;
  content: ReactNode;
}

/**
 * WAI-ARIA tabs in Bootstrap's nav-tabs style: arrow keys, Home and End move between tabs and
 * select them, only the selected tab is in the tab order. A few lines instead of react-bootstrap's
 * Tabs, whose transition code cost the products page ~10 kB gzip (decision 009: Lighthouse on mobile).
 */
export function PageTabs({ tabs, label }: { tabs: readonly PageTab[]; label: string }) {
  const id = useId();
  const [active, setActive] = useState(tabs[0]?.key);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  const select = (index: number) => {
    const tab = tabs[(index + tabs.length) % tabs.length];
    if (!tab) return;
    setActive(tab.key);
    buttons.current[tabs.indexOf(tab)]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: -1 };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    select(target);
  };

  return (
    <>
      <div className="nav nav-tabs mb-4" role="tablist" aria-label={label}>
        {tabs.map((tab, index) => {
          const selected = tab.key === active;
          return (
            <button
              key={tab.key}
              ref={(element) => {
                buttons.current[index] = element;
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${tab.key}`}
              aria-controls={`${id}-panel-${tab.key}`}
              aria-selected={selected}
              tabIndex={selected ? 0 : -1}
              className={`nav-link${selected ? ' active' : ''}`}
              onClick={() => setActive(tab.key)}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              {tab.title}
            </button>
          );
        })}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.key}
          role="tabpanel"
          id={`${id}-panel-${tab.key}`}
          aria-labelledby={`${id}-tab-${tab.key}`}
          hidden={tab.key !== active}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the ARIA tabs pattern makes a panel focusable
          tabIndex={0}
        >
          {tab.content}
        </div>
      ))}
    </>
  );
}
