package com.burstline.agent;

import com.burstline.contract.AgentCallVerifier;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The nonces of the calls this agent obeyed, on disk until their timestamps would be stale anyway
 * ({@code <spool>/<name>.nonces}, a line "nonce staleAfter" each): a call replayed after the agent restarted is
 * refused like one replayed before. Each line reaches the disk before its call is obeyed; the file is rewritten
 * without the stale lines once it has grown well past the live ones. The server sends a few calls per scenario, so
 * the file stays small.
 */
final class SeenNonceFile implements AgentCallVerifier.SeenNonces {
    private static final int REWRITE_AFTER = 1000;

    private final Path file;
    private final Clock clock;
    private int appended;

    SeenNonceFile(Path spool, String agentName, Clock clock) {
        this.file = spool.resolve(agentName + ".nonces");
        this.clock = clock;
    }

    @Override
    public synchronized Map<String, Long> load() {
        Map<String, Long> kept = new LinkedHashMap<>();
        if (!Files.isRegularFile(file)) {
            return kept;
        }
        try {
            for (String line : Files.readAllLines(file, StandardCharsets.US_ASCII)) {
                String[] parts = line.strip().split(" ");
                if (parts.length == 2 && parts[1].matches("[0-9]{1,12}")) {
                    kept.put(parts[0], Long.parseLong(parts[1]));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the seen calls in " + file, e);
        }
        return kept;
    }

    @Override
    public synchronized void remember(String nonce, long staleAfter) {
        if (++appended > REWRITE_AFTER) {
            long now = clock.instant().getEpochSecond();
            Map<String, Long> live = new LinkedHashMap<>();
            load().forEach((kept, until) -> {
                if (until >= now) {
                    live.put(kept, until);
                }
            });
            replace(live);
        }
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.APPEND,
                StandardOpenOption.WRITE)) {
            channel.write(java.nio.ByteBuffer.wrap((nonce + " " + staleAfter + "\n")
                    .getBytes(StandardCharsets.US_ASCII)));
            channel.force(false);
        } catch (IOException e) {
            // a call the agent cannot remember is not obeyed: it could be replayed after a restart
            throw new UncheckedIOException("cannot remember the call in " + file, e);
        }
    }

    @Override
    public synchronized void replace(Map<String, Long> live) {
        List<String> lines = live.entrySet().stream().map(entry -> entry.getKey() + " " + entry.getValue()).toList();
        try {
            OwnerOnlyFile.write(file, (String.join("\n", lines) + (lines.isEmpty() ? "" : "\n"))
                    .getBytes(StandardCharsets.US_ASCII));
            appended = 0;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot rewrite the seen calls in " + file, e);
        }
    }
}
