// Catalog set: translational components and mechanisms (besides those in core.ts).
import type { SourceFile } from "../../engine/model/library.ts";

export const COMPONENT_FILES: SourceFile[] = [];

export const MECHANISM_FILES: SourceFile[] = [];
