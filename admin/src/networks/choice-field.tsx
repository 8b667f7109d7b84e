import { MenuItem, TextField } from '@mui/material';
import type { ReactNode } from 'react';

/** A small select over a fixed list of values, each shown as `labelOf` names it. */
export function ChoiceField<V extends string>({
  values,
  labelOf,
  value,
  onChange,
  label,
  name,
  disabled,
  helperText,
  fullWidth = true,
}: {
  values: readonly V[];
  labelOf: (value: V) => string;
  value: V;
  onChange: (value: V) => void;
  label: string;
  name?: string;
  disabled?: boolean;
  helperText?: ReactNode;
  fullWidth?: boolean;
}) {
  return (
    <TextField
      size="small"
      fullWidth={fullWidth}
      select
      name={name}
      label={label}
      value={value}
      disabled={disabled}
      helperText={helperText}
      onChange={(e) => onChange(e.target.value as V)}
    >
      {values.map((v) => (
        <MenuItem key={v} value={v}>
          {labelOf(v)}
        </MenuItem>
      ))}
    </TextField>
  );
}
