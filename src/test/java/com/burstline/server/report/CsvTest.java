package com.burstline.server.report;

import org.junit.jupiter.api.Test;

import java.io.StringWriter;

import static org.assertj.core.api.Assertions.assertThat;

/** Text that a spreadsheet would run as a formula goes out as text; numbers and plain text are unchanged. */
class CsvTest {

    @Test
    void formulaLikeTextIsNeutralisedAndNumbersAreNot() {
        StringWriter out = new StringWriter();
        new Csv(out).row("=HYPERLINK(\"http://evil\",\"x\")", "+1", "-2", "@SUM(A1)", "\tcmd", "\rcmd", -1.5,
                "ENA 2.11.0", "a-b");
        assertThat(out.toString()).isEqualTo("\"'=HYPERLINK(\"\"http://evil\"\",\"\"x\"\")\",'+1,'-2,'@SUM(A1),"
                + "'\tcmd,\"'\rcmd\",-1.5,ENA 2.11.0,a-b\r\n");
    }
}
