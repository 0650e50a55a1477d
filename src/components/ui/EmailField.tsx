import { TextField, type TextFieldProps } from "./TextField";

/** An e-mail address field: the e-mail keyboard, autofill and the longest address allowed (254). */
export function EmailField(
  props: Omit<TextFieldProps, "type" | "inputMode" | "maxLength" | "name"> & {
    readonly name?: string;
  },
) {
  return (
    <TextField
      autoComplete="email"
      {...props}
      name={props.name ?? "email"}
      type="email"
      inputMode="email"
      maxLength={254}
    />
  );
}
