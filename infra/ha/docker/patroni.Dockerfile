# A Patroni + PostgreSQL 15 node for docker-compose.yml's `ha` profile: Debian's packages, as `npm run ha`
# uses on the machine (patroni 3.0.2, postgresql-15, pgbackrest 2.45).
FROM debian:bookworm-slim
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends patroni postgresql-15 pgbackrest curl \
 && rm -rf /var/lib/apt/lists/* \
 && mkdir -p /var/lib/postgresql/data && chown -R postgres:postgres /var/lib/postgresql && chmod 0700 /var/lib/postgresql/data
COPY infra/ha/docker/patroni.yml /etc/patroni/patroni.yml
USER postgres
EXPOSE 5432 8008
CMD ["patroni", "/etc/patroni/patroni.yml"]
