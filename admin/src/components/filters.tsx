import { InputAdornment, MenuItem, TextField, Typography } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { useEffect, useState } from 'react';
import { useListContext, useTranslate } from 'react-admin';

export interface Choice {
  id: string;
  name: string;
}

/**
 * The search box of a list. Typing is debounced by the list (ListBase `debounce`: 500 ms for users,
 * offers and conversions, 300 ms for clicks); Enter applies at once.
 */
export function SearchFilter({
  placeholder,
  source = 'search',
  showSearching = false,
}: {
  placeholder: string;
  source?: string;
  showSearching?: boolean;
}) {
  const t = useTranslate();
  const { filterValues, displayedFilters, setFilters } = useListContext();
  const applied = (filterValues?.[source] as string | undefined) ?? '';
  const [value, setValue] = useState(applied);
  // Follow outside changes (Clear button, quick filters) without fighting the user's typing.
  useEffect(() => {
    setValue((current) => (current.trim() === applied.trim() ? current : applied));
  }, [applied]);

  const apply = (next: string, debounce: boolean) =>
    setFilters({ ...filterValues, [source]: next === '' ? undefined : next }, displayedFilters, debounce);

  return (
    <TextField
      size="small"
      label={placeholder}
      value={value}
      onChange={(e) => {
        setValue(e.target.value);
        apply(e.target.value, true);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          apply((e.target as HTMLInputElement).value, false);
        }
      }}
      sx={{ minWidth: 0 }}
      slotProps={{
        input: {
          type: 'search',
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
          // Always present (an adornment appearing mid-typing would re-mount the input and drop keys).
          endAdornment: showSearching ? (
            <InputAdornment position="end">
              <Typography
                variant="caption"
                color="text.secondary"
                role="status"
                sx={{ minWidth: 72, textAlign: 'right' }}
              >
                {value.trim() !== applied.trim() ? t('app.filters.searching') : ''}
              </Typography>
            </InputAdornment>
          ) : undefined,
        },
      }}
    />
  );
}

/** A small select over named choices, as the filter bars use it. */
export function ChoiceSelect({
  label,
  value,
  choices,
  onChange,
}: {
  label: string;
  value: string;
  choices: Choice[];
  onChange: (id: string) => void;
}) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      sx={{ minWidth: 0 }}
    >
      {choices.map((c) => (
        <MenuItem key={c.id} value={c.id}>
          {c.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** A select bound to one filter of the list; 'all' (or empty) removes the filter. */
export function SelectFilter({
  source,
  label,
  choices,
}: {
  source: string;
  label: string;
  choices: Choice[];
}) {
  const { filterValues, displayedFilters, setFilters } = useListContext();
  const value = (filterValues?.[source] as string | undefined) ?? 'all';
  return (
    <ChoiceSelect
      label={label}
      value={choices.some((c) => c.id === value) ? value : 'all'}
      choices={choices}
      onChange={(id) =>
        setFilters({ ...filterValues, [source]: id === 'all' ? undefined : id }, displayedFilters, false)
      }
    />
  );
}

export interface SortChoice {
  id: string;
  name: string;
  field: string;
  order: 'ASC' | 'DESC';
}

/** A select over named sorts; setSort sends the list back to page 1. */
export function SortSelect({ label, choices }: { label: string; choices: SortChoice[] }) {
  const { sort, setSort } = useListContext();
  const current = choices.find((c) => c.field === sort.field && c.order === sort.order)?.id ?? '';
  return (
    <ChoiceSelect
      label={label}
      value={current}
      choices={choices}
      onChange={(id) => {
        const choice = choices.find((c) => c.id === id);
        if (choice) setSort({ field: choice.field, order: choice.order });
      }}
    />
  );
}

/** A day filter of a list (YYYY-MM-DD; the API reads it as a UTC day), cleared when emptied. */
export function DateFilter({ source, label }: { source: string; label: string }) {
  const { filterValues, displayedFilters, setFilters } = useListContext();
  return (
    <TextField
      size="small"
      type="date"
      label={label}
      value={(filterValues?.[source] as string | undefined) ?? ''}
      onChange={(e) =>
        setFilters({ ...filterValues, [source]: e.target.value || undefined }, displayedFilters, false)
      }
      slotProps={{ inputLabel: { shrink: true } }}
      sx={{ minWidth: 0 }}
    />
  );
}
