import type { ReactNode } from "react";
import { Card } from "@/components/ui/card";

type IconCardProps = {
  icon: ReactNode;
  className?: string;
  layout: string;
  badge: string;
  bodyClassName?: string;
  children: ReactNode;
};
/** A card with an icon badge and its text; `layout` places the badge beside or above the text. */
export function IconCard({ icon, className, layout, badge, bodyClassName, children }: IconCardProps) {
  return (
    <Card className={className}>
      <div className={layout}>
        <span className={badge} aria-hidden="true">
          {icon}
        </span>
        <div className={bodyClassName}>{children}</div>
      </div>
    </Card>
  );
}
