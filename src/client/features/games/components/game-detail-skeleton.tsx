import { Container } from "@/components/container";
import { Skeleton } from "@/components/ui/skeleton";

/** The game page while the game loads: title, badges, player and side card placeholders. */
export function GameDetailSkeleton() {
  return (
    <Container className="py-8" aria-busy="true">
      <Skeleton className="mb-3 h-9 w-64" />
      <Skeleton className="mb-6 h-5 w-40" />
      <div className="grid gap-6 lg:grid-cols-[1fr_320px]">
        <Skeleton className="aspect-video w-full rounded-2xl" />
        <Skeleton className="h-64 rounded-xl" />
      </div>
    </Container>
  );
}
