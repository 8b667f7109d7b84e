// The libraries the app is built on, evaluated in a task of their own while the app boots
// (member/src/main.tsx): importing this module only runs them. Their modules are then shared with
// the app's chunk, which no longer carries their evaluation.
import '@tanstack/react-query';
import '@tanstack/react-query-persist-client';
import 'react-router';
import 'react';
