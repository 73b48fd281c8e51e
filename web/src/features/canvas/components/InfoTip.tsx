import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { InfoIcon } from '../../../components/ui/icons';

/** An info button with a short explanation (docs/product/canvas.md#goals-and-actions-tab): click, Enter or Space opens it. */
export function InfoTip({ label, text }: { label: string; text: string }) {
  return (
    <Popover className="relative">
      <PopoverButton aria-label={label} title={label} className="rounded-full p-1.5 text-ink-600 hover:bg-primary-50 hover:text-primary-700">
        <InfoIcon />
      </PopoverButton>
      <PopoverPanel
        anchor="bottom start"
        className="z-40 mt-1 w-72 max-w-[calc(100vw-2rem)] rounded-card border border-line bg-surface p-3 text-sm text-ink-800 shadow-pop"
      >
        {text}
      </PopoverPanel>
    </Popover>
  );
}
