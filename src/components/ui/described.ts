/** The ids of a control's hint and error, and its `aria-describedby` (undefined when it has neither). */
export const describedBy = (
  id: string,
  hint: unknown,
  error: unknown,
): { readonly hintId: string; readonly errorId: string; readonly describedBy?: string } => {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const ids = [hint ? hintId : "", error ? errorId : ""].filter(Boolean).join(" ");
  return ids === "" ? { hintId, errorId } : { hintId, errorId, describedBy: ids };
};
