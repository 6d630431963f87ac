package kg.ci;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CountDownLatch;

import org.neo4j.configuration.GraphDatabaseSettings;
import org.neo4j.configuration.connectors.BoltConnector;
import org.neo4j.configuration.connectors.BoltConnectorInternalSettings;
import org.neo4j.configuration.connectors.ConnectorPortRegister;
import org.neo4j.configuration.connectors.ConnectorType;
import org.neo4j.configuration.helpers.SocketAddress;
import org.neo4j.dbms.api.DatabaseManagementService;
import org.neo4j.dbms.api.DatabaseManagementServiceBuilder;
import org.neo4j.io.ByteUnit;
import org.neo4j.kernel.internal.GraphDatabaseAPI;

/**
 * Runs a Neo4j Community DBMS with a Bolt connector on loopback until it is killed.
 *
 * <p>Why not the harness: the plain kernel with Bolt is a smaller download, lets the test set a
 * real password, and uses port 0 so two test runs never race for a port. Prints one line
 * {@code KG_NEO4J_READY bolt://127.0.0.1:PORT} on stdout once clients can connect.
 *
 * <pre>
 * java -cp CLASSES:LIB/* kg.ci.Neo4jServer --home DIR [--port 0] [--pagecache-mb 64]
 *      [--no-auth] [--watch-stdin]
 * </pre>
 * The password comes from the environment variable KG_NEO4J_PASSWORD (not argv, which ps shows).
 * With --watch-stdin the server stops when its stdin closes, so it never outlives the test process.
 */
public final class Neo4jServer {
    private Neo4jServer() {}

    public static void main(String[] args) throws Exception {
        Path home = null;
        int port = 0;
        long pagecacheMb = 64;
        boolean auth = true;
        boolean watchStdin = false;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--home" -> home = Path.of(args[++i]).toAbsolutePath();
                case "--port" -> port = Integer.parseInt(args[++i]);
                case "--pagecache-mb" -> pagecacheMb = Long.parseLong(args[++i]);
                case "--no-auth" -> auth = false;
                case "--watch-stdin" -> watchStdin = true;
                default -> fail("unknown argument " + args[i]);
            }
        }
        if (home == null) {
            fail("--home DIR is required");
        }
        String password = System.getenv().getOrDefault("KG_NEO4J_PASSWORD", "");
        if (auth && password.length() < 8) {
            fail("set KG_NEO4J_PASSWORD to a password of 8 or more characters, or pass --no-auth");
        }

        DatabaseManagementService dbms = new DatabaseManagementServiceBuilder(home)
                .setConfig(BoltConnector.enabled, true)
                .setConfig(BoltConnector.listen_address, new SocketAddress("127.0.0.1", port))
                .setConfig(BoltConnector.encryption_level, BoltConnector.EncryptionLevel.DISABLED)
                .setConfig(GraphDatabaseSettings.auth_enabled, auth)
                .setConfig(GraphDatabaseSettings.pagecache_memory, ByteUnit.mebiBytes(pagecacheMb))
                .setConfig(GraphDatabaseSettings.keep_logical_logs, "false")
                // Bolt waits 5 s twice for idle threads when stopping; a test server need not.
                .setConfig(BoltConnectorInternalSettings.thread_pool_shutdown_wait_time, Duration.ofMillis(200))
                .setConfig(BoltConnectorInternalSettings.connection_shutdown_wait_time, Duration.ofMillis(200))
                .build();
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            dbms.shutdown();
            stopped.countDown();
        }, "kg-neo4j-shutdown"));

        if (auth) {
            // Embedded access to the system database bypasses auth, so this works on a fresh
            // home (where neo4j/neo4j must otherwise be changed first) and on a reused one.
            try {
                dbms.database("system").executeTransactionally(
                        "ALTER USER neo4j SET PASSWORD $password CHANGE NOT REQUIRED",
                        Map.of("password", password));
            } catch (org.neo4j.graphdb.QueryExecutionException e) {
                // A reused home that already has this password ("Old password and new
                // password cannot be the same"): nothing to change. Anything else: stop now,
                // rather than leave a JVM that never prints READY.
                if (!String.valueOf(e.getMessage()).contains("cannot be the same")) {
                    dbms.shutdown();
                    throw e;
                }
            }
        }

        GraphDatabaseAPI db = (GraphDatabaseAPI) dbms.database("neo4j");
        var bolt = db.getDependencyResolver()
                .resolveDependency(ConnectorPortRegister.class)
                .getLocalAddress(ConnectorType.BOLT);
        System.out.println("KG_NEO4J_READY bolt://127.0.0.1:" + bolt.getPort());
        System.out.flush();

        if (watchStdin) {
            Thread watcher = new Thread(() -> {
                try (InputStream in = System.in) {
                    while (in.read() != -1) {
                        // drain: only EOF matters
                    }
                } catch (IOException ignored) {
                    // a broken pipe means the parent is gone, same as EOF
                }
                System.exit(0);
            }, "kg-neo4j-stdin");
            watcher.setDaemon(true);
            watcher.start();
        }
        stopped.await();
    }

    private static void fail(String message) {
        System.err.println("kg.ci.Neo4jServer: " + message);
        System.exit(2);
    }
}
