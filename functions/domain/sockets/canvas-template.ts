import { expandCanvasTemplate } from '../../../shared/canvas-template';

const templates = new Map<number, ReturnType<typeof expandCanvasTemplate>>();

/** A canvas's sections and categories with their ids (shared/canvas-template.ts), kept per instance: the live channel asks for them on every message. */
export function templateOf(familyId: number): ReturnType<typeof expandCanvasTemplate> {
  let template = templates.get(familyId);
  if (!template) {
    if (templates.size > 500) templates.clear();
    template = expandCanvasTemplate(familyId);
    templates.set(familyId, template);
  }
  return template;
}
