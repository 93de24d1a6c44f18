package com.burstline.server.schedule;

import org.springframework.data.domain.Pageable;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Modifying;
import org.springframework.data.jpa.repository.Query;

import java.util.List;

interface ScheduleEventRepository extends JpaRepository<ScheduleEvent, Long> {

    @Query("select e from ScheduleEvent e where e.scheduleId = :scheduleId order by e.id desc")
    List<ScheduleEvent> newest(long scheduleId, Pageable page);

    boolean existsByScheduleIdAndKindAndRunIdAndFigure(long scheduleId, ScheduleEventKind kind, Long runId,
                                                      String figure);

    @Modifying
    @Query("delete from ScheduleEvent e where e.scheduleId = :scheduleId and e.id < :id")
    int deleteOlder(long scheduleId, long id);
}
