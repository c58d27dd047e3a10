"""Django's PostgreSQL backend, with a pool that takes its ``check`` from ``OPTIONS["pool"]``.

Django 5.2 hands its pool psycopg_pool's round-trip check (with CONN_HEALTH_CHECKS) and refuses
another: a ``check`` in ``OPTIONS["pool"]`` raised TypeError. Django 6.1 takes it (ticket #37075);
this is that change. With Django 6.1 (which needs Python 3.12), use Django's backend again.
"""

from __future__ import annotations

from django.core.exceptions import ImproperlyConfigured
from django.db.backends.base.base import NO_DB_ALIAS
from django.db.backends.postgresql import base


class DatabaseWrapper(base.DatabaseWrapper):
    @property
    def pool(self):  # Django 6.1's, where the pool options may name their own check
        pool_options = self.settings_dict["OPTIONS"].get("pool")
        if self.alias == NO_DB_ALIAS or not pool_options:
            return None
        if self.alias not in self._connection_pools:
            if self.settings_dict.get("CONN_MAX_AGE", 0) != 0:
                raise ImproperlyConfigured("Pooling doesn't support persistent connections.")
            from psycopg_pool import ConnectionPool

            pool_options = {} if pool_options is True else dict(pool_options)
            enable_checks = self.settings_dict["CONN_HEALTH_CHECKS"]
            pool_options.setdefault(
                "check", ConnectionPool.check_connection if enable_checks else None
            )
            connect_kwargs = self.get_connection_params()
            # Ensure we run in autocommit, Django properly sets it later on.
            connect_kwargs["autocommit"] = True
            pool = ConnectionPool(
                kwargs=connect_kwargs,
                open=False,  # Do not open the pool during startup.
                configure=self._configure_connection,
                **pool_options,
            )
            # The first of several threads to build one keeps it (the pool is not open yet).
            self._connection_pools.setdefault(self.alias, pool)
        return self._connection_pools[self.alias]
