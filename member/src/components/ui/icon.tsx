import type { ReactNode, SVGProps } from 'react';

// The 24px stroke icon every icon module builds on (./icons.tsx, ./member-icons.tsx).
type IconProps = SVGProps<SVGSVGElement> & { size?: number };

export function make(paths: ReactNode) {
  return function Icon({ size = 20, ...rest }: IconProps) {
    return (
      <svg
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
        {...rest}
      >
        {paths}
      </svg>
    );
  };
}
