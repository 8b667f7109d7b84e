import { onlineManager, useQuery, type QueryFunction } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../testing/test-utils';
import { QueryState } from './query-state';

/** A screen over one query, showing `data.name`; `lagging` renders as if the shown value had not caught up. */
function Screen({ load, lagging = false }: { load: QueryFunction<{ name: string }>; lagging?: boolean }) {
  const query = useQuery({ queryKey: ['query-state-test'], queryFn: load });
  return (
    <QueryState
      query={query}
      data={lagging ? undefined : query.data}
      loading="Loading your things..."
      offline="Your things will appear once you're back online."
    >
      {(data) => <p>Hello {data.name}</p>}
    </QueryState>
  );
}

describe('QueryState: a member screen while its data is on its way', () => {
  afterEach(() => onlineManager.setOnline(true));

  it("says 'You're offline' while the first fetch waits for the network, and shows the data once back", async () => {
    onlineManager.setOnline(false);
    renderWithProviders(<Screen load={async () => ({ name: 'Asha' })} />);
    expect(await screen.findByRole('heading', { name: "You're offline" })).toBeInTheDocument();
    expect(screen.getByText("Your things will appear once you're back online.")).toBeInTheDocument();
    onlineManager.setOnline(true);
    expect(await screen.findByText('Hello Asha')).toBeInTheDocument();
  });

  it("shows the screen's loading text as a status while the fetch runs", async () => {
    renderWithProviders(<Screen load={() => new Promise(() => {})} />);
    expect(await screen.findByRole('status')).toHaveTextContent('Loading your things...');
  });

  it('shows the error as an alert when there is nothing to show, and Try again fetches again', async () => {
    let calls = 0;
    const load = async () => {
      calls += 1;
      if (calls <= 3) throw new Error('Server error. Please try again later.');
      return { name: 'Ravi' };
    };
    const { user } = renderWithProviders(<Screen load={load} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Server error. Please try again later.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Hello Ravi')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps showing data it has when a later fetch fails', async () => {
    let calls = 0;
    const load = async () => {
      calls += 1;
      if (calls > 1) throw new Error('Server error. Please try again later.');
      return { name: 'Meera' };
    };
    const { queryClient } = renderWithProviders(<Screen load={load} />);
    expect(await screen.findByText('Hello Meera')).toBeInTheDocument();
    await queryClient.refetchQueries({ queryKey: ['query-state-test'] });
    expect(queryClient.getQueryState(['query-state-test'])?.status).toBe('error');
    expect(screen.getByText('Hello Meera')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the loading text, not an error, while the shown value has not caught up with the data', async () => {
    const { queryClient } = renderWithProviders(<Screen load={async () => ({ name: 'Kiran' })} lagging />);
    await waitFor(() => expect(queryClient.getQueryData(['query-state-test'])).toEqual({ name: 'Kiran' }));
    expect(screen.getByRole('status')).toHaveTextContent('Loading your things...');
    expect(screen.queryByText('Hello Kiran')).not.toBeInTheDocument();
  });
});
