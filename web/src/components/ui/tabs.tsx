import type { ComponentProps } from "react";
import { Tabs as RadixTabs } from "radix-ui";
import { cn } from "../../lib/cn";

export const Tabs = RadixTabs.Root;

export function TabsList({ className, ...props }: ComponentProps<typeof RadixTabs.List>) {
  return (
    <RadixTabs.List
      className={cn(
        "flex w-full gap-1 overflow-x-auto rounded-2xl bg-stone-100 p-1 sm:inline-flex sm:w-auto",
        className,
      )}
      {...props}
    />
  );
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof RadixTabs.Trigger>) {
  return (
    <RadixTabs.Trigger
      className={cn(
        "inline-flex flex-1 cursor-pointer items-center justify-center gap-2 rounded-xl px-1.5 py-2 text-center text-sm font-semibold leading-tight text-stone-600 transition-colors sm:flex-none sm:whitespace-nowrap sm:px-4",
        "hover:text-stone-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ball-400",
        "data-[state=active]:bg-white data-[state=active]:text-court-800 data-[state=active]:shadow-sm",
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: ComponentProps<typeof RadixTabs.Content>) {
  return <RadixTabs.Content className={cn("mt-6 focus-visible:outline-none", className)} {...props} />;
}
