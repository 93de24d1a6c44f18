package com.burstline.server.run;

import java.util.List;

/**
 * Picks one side's interval rows. What arrived is the receiver's report: for each direction the receiver's rows when
 * the run has them ({@code --get-server-output}, and every download, whose client receives), the sender's otherwise
 * (an upload made without the server's output). Charts, findings and the API's default all read through here.
 */
public final class IntervalSides {
    public static final String SENDER = "sender";
    public static final String RECEIVER = "receiver";

    private IntervalSides() {
    }

    /** For each direction the receiver's rows if there are any, else the sender's. */
    public static List<IntervalRow> received(List<IntervalRow> rows) {
        java.util.Set<String> received = rows.stream().filter(row -> RECEIVER.equals(row.side()))
                .map(IntervalRow::direction).collect(java.util.stream.Collectors.toSet());
        return rows.stream().filter(row -> RECEIVER.equals(row.side()) || !received.contains(row.direction()))
                .toList();
    }

    /** @param side {@code sender}, {@code receiver}, or null for {@link #received} */
    static List<IntervalRow> of(List<IntervalRow> rows, String side) {
        if (side == null) {
            return received(rows);
        }
        if (!SENDER.equals(side) && !RECEIVER.equals(side)) {
            throw new InvalidRunInputException("side must be sender or receiver, not '" + side + "'");
        }
        return rows.stream().filter(row -> side.equals(row.side())).toList();
    }
}
