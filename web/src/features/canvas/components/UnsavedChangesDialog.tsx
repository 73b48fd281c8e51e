import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { t } from '../../../messages/en-US';

type UnsavedChangesDialogProps = {
  isOpen: boolean;
  isSaving?: boolean;
  /** False when what was written cannot be saved as it is (a required field is empty). */
  canSave?: boolean;
  onDiscard: () => void;
  onSave: () => void;
  /** Stay where you are (close icon, Escape, a click outside). */
  onStay: () => void;
};

/** docs/product/canvas.md#screens, #rules: leaving unsaved text asks whether to discard or save it, or to stay and keep editing. */
export function UnsavedChangesDialog({ isOpen, isSaving, canSave = true, onDiscard, onSave, onStay }: UnsavedChangesDialogProps) {
  return (
    <Dialog isOpen={isOpen} onClose={onStay} title={t('unsaved.title')} description={t('unsaved.text')} closeLabel={t('common.close')} size="sm">
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={onStay} disabled={isSaving}>
          {t('unsaved.stay')}
        </Button>
        <Button variant="secondary" onClick={onDiscard} disabled={isSaving}>
          {t('unsaved.discard')}
        </Button>
        <Button onClick={onSave} disabled={isSaving || !canSave}>
          {t('unsaved.save')}
        </Button>
      </div>
    </Dialog>
  );
}
