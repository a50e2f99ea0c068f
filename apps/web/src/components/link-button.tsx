import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface LinkButtonProps {
  to: string;
  children: ReactNode;
  variant?: string;
  size?: 'sm' | 'lg';
  className?: string;
}

/** A router link styled as a Bootstrap button (navigation, so an <a>, not a <button>). */
export function LinkButton({ to, children, variant = 'primary', size, className }: LinkButtonProps) {
  const classes = ['btn', `btn-${variant}`, size ? `btn-${size}` : null, className].filter(Boolean).join(' ');
  return (
    <Link to={to} className={classes}>
      {children}
    </Link>
  );
}
