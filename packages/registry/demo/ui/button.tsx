import * as React from 'react';
import { cn } from '@/lib/utils';

type Variant = 'primary' | 'secondary' | 'ghost';

const variants: Record<Variant, string> = {
  primary: 'bg-accent text-accent-foreground hover:bg-accent/90',
  secondary: 'border border-accent text-accent hover:bg-accent/10',
  ghost: 'text-accent hover:underline',
};

export interface ButtonProps extends React.ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
}

export function Button({ className, variant = 'primary', ...props }: ButtonProps) {
  return <button className={cn('inline-flex items-center rounded-md px-4 py-2 text-sm font-medium', variants[variant], className)} {...props} />;
}
