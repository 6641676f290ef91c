import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';

/** A tile of the public pages: an icon, a heading and a short text. */
export function IconTile({ icon: Icon, iconSize = 24, title, children }: { icon: LucideIcon; iconSize?: number; title: string; children: ReactNode }) {
  return (
    <div className="tile">
      <span className="tile__icon" aria-hidden="true">
        <Icon size={iconSize} />
      </span>
      <h3>{title}</h3>
      <p>{children}</p>
    </div>
  );
}
