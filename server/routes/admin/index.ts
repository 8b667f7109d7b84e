// The administrators' API (/api/admin/*.php). Built out in the admin API issue.
import type { FastifyInstance } from 'fastify';

export default async function adminRoutes(_app: FastifyInstance) {}
