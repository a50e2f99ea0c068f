import { Fragment, type ReactNode } from 'react';

/**
 * A strings-file sentence whose `{slots}` hold elements (a link, a name in bold), which `portalText`
 * cannot fill: the words stay in PORTAL_STRINGS, the page only supplies what goes in the slots.
 */
export function withSlots(template: string, slots: Record<string, ReactNode>): ReactNode[] {
  return template.split(/(\{\w+\})/).map((part, index) => {
    const slot = /^\{(\w+)\}$/.exec(part)?.[1];
    const content = slot !== undefined && slot in slots ? slots[slot] : part;
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed sentence never move.
    return <Fragment key={index}>{content}</Fragment>;
  });
}
