# bash completion for todo(1), generated from todo's command table by
# 'todo completions bash'. Do not edit: change the table, then run 'bash .ci/generate'.

# REPLY: the command that word $1 names, if any.
_todo_command() {
    case $1 in
        add|a) REPLY=add ;;
        list|ls) REPLY=list ;;
        listall|lsa) REPLY=listall ;;
        listpri|lsp) REPLY=listpri ;;
        listproj|lsprj) REPLY=listproj ;;
        listcon|lsc) REPLY=listcon ;;
        archive) REPLY=archive ;;
        next) REPLY=next ;;
        ui|tui) REPLY=ui ;;
        show|info) REPLY=show ;;
        edit|modify) REPLY=edit ;;
        done|do) REPLY=done ;;
        reopen) REPLY=reopen ;;
        annotate) REPLY=annotate ;;
        append|app) REPLY=append ;;
        prepend|prep) REPLY=prepend ;;
        replace) REPLY=replace ;;
        pri|p) REPLY=pri ;;
        depri|dp) REPLY=depri ;;
        denotate) REPLY=denotate ;;
        start) REPLY=start ;;
        stop) REPLY=stop ;;
        toggle) REPLY=toggle ;;
        delete|rm|del) REPLY=delete ;;
        clear-completed) REPLY=clear-completed ;;
        undo) REPLY=undo ;;
        batch) REPLY=batch ;;
        export) REPLY=export ;;
        import) REPLY=import ;;
        sync) REPLY=sync ;;
        config) REPLY=config ;;
        context) REPLY=context ;;
        completions) REPLY=completions ;;
        help) REPLY=help ;;
        reports) REPLY=reports ;;
        projects) REPLY=projects ;;
        tags) REPLY=tags ;;
        summary) REPLY=summary ;;
        calendar|cal) REPLY=calendar ;;
        burndown) REPLY=burndown ;;
        history) REPLY=history ;;
        stats) REPLY=stats ;;
        log) REPLY=log ;;
        count) REPLY=count ;;
        ids) REPLY=ids ;;
        uuids) REPLY=uuids ;;
        _ids) REPLY=_ids ;;
        _uuids) REPLY=_uuids ;;
        _projects) REPLY=_projects ;;
        _tags) REPLY=_tags ;;
        _unique) REPLY=_unique ;;
        _get) REPLY=_get ;;
        calc) REPLY=calc ;;
        duplicate) REPLY=duplicate ;;
        purge) REPLY=purge ;;
        version) REPLY=version ;;
        _version) REPLY=_version ;;
        commands) REPLY=commands ;;
        _commands) REPLY=_commands ;;
        columns) REPLY=columns ;;
        _columns) REPLY=_columns ;;
        udas) REPLY=udas ;;
        _udas) REPLY=_udas ;;
        diagnostics) REPLY=diagnostics ;;
        active) REPLY=active ;;
        all) REPLY=all ;;
        completed) REPLY=completed ;;
        overdue) REPLY=overdue ;;
        waiting) REPLY=waiting ;;
        recurring) REPLY=recurring ;;
        ready) REPLY=ready ;;
        blocked) REPLY=blocked ;;
        blocking) REPLY=blocking ;;
        unblocked) REPLY=unblocked ;;
        newest) REPLY=newest ;;
        oldest) REPLY=oldest ;;
        long) REPLY=long ;;
        minimal) REPLY=minimal ;;
        burndown.daily) REPLY=burndown.daily ;;
        burndown.weekly) REPLY=burndown.weekly ;;
        burndown.monthly) REPLY=burndown.monthly ;;
        history.daily) REPLY=history.daily ;;
        history.weekly) REPLY=history.weekly ;;
        history.monthly) REPLY=history.monthly ;;
        history.annual) REPLY=history.annual ;;
        ghistory.daily) REPLY=ghistory.daily ;;
        ghistory.weekly) REPLY=ghistory.weekly ;;
        ghistory.monthly) REPLY=ghistory.monthly ;;
        ghistory.annual) REPLY=ghistory.annual ;;
        *) REPLY= ;;
    esac
    # A report the config defines takes list's arguments and options.
    if [[ -z $REPLY && -n $1 ]]; then
        local reports
        mapfile -t reports < <(todo __complete reports 2>/dev/null)
        [[ " ${reports[*]} " == *" $1 "* ]] && REPLY=list
    fi
}

# REPLY: option $2 of command $1 as 'LONG KIND' (KIND is 'flag' when it takes no value).
_todo_option() {
    case $2 in
        --file) REPLY='file path' ;;
        --json) REPLY='json flag' ;;
        -q|--quiet) REPLY='quiet flag' ;;
        --color) REPLY='color words auto always never' ;;
        --no-context) REPLY='no-context flag' ;;
        --syntax) REPLY='syntax words taskwarrior todotxt' ;;
        -h|--help) REPLY='help flag' ;;
        --version) REPLY='version flag' ;;
        *)
            case $1 in
                add)
                    case $2 in
                        -d|--description) REPLY='description text' ;;
                        -n|--notes) REPLY='notes text' ;;
                        --tag) REPLY='tag tags' ;;
                        --project) REPLY='project projects' ;;
                        --priority) REPLY='priority words H M L' ;;
                        --due) REPLY='due words now today tomorrow yesterday someday later sod eod sow eow som eom soy eoy monday tuesday wednesday thursday friday saturday sunday' ;;
                        --wait) REPLY='wait words now today tomorrow yesterday someday later sod eod sow eow som eom soy eoy monday tuesday wednesday thursday friday saturday sunday' ;;
                        --scheduled) REPLY='scheduled words now today tomorrow yesterday someday later sod eod sow eow som eom soy eoy monday tuesday wednesday thursday friday saturday sunday' ;;
                        --start) REPLY='start words now today tomorrow yesterday someday later sod eod sow eow som eom soy eoy monday tuesday wednesday thursday friday saturday sunday' ;;
                        --depends) REPLY='depends ids' ;;
                        --recur) REPLY='recur words daily weekdays weekly biweekly fortnight monthly bimonthly quarterly semiannual yearly annual biannual biyearly' ;;
                        --until) REPLY='until words now today tomorrow yesterday someday later sod eod sow eow som eom soy eoy monday tuesday wednesday thursday friday saturday sunday' ;;
                        *) REPLY= ;;
                    esac ;;
                list)
                    case $2 in
                        -f|--filter) REPLY='filter words all active completed unsynced' ;;
                        --all) REPLY='all flag' ;;
                        --waiting) REPLY='waiting flag' ;;
                        --sort) REPLY='sort list due +due -due wait +wait -wait scheduled +scheduled -scheduled start +start -start until +until -until priority +priority -priority project +project -project created +created -created modified +modified -modified name +name -name urgency +urgency -urgency id +id -id end +end -end status +status -status recur +recur -recur tags +tags -tags' ;;
                        --format) REPLY='format text' ;;
                        --ids) REPLY='ids flag' ;;
                        *) REPLY= ;;
                    esac ;;
                listall)
                    case $2 in
                        --sort) REPLY='sort list due +due -due wait +wait -wait scheduled +scheduled -scheduled start +start -start until +until -until priority +priority -priority project +project -project created +created -created modified +modified -modified name +name -name urgency +urgency -urgency id +id -id end +end -end status +status -status recur +recur -recur tags +tags -tags' ;;
                        --format) REPLY='format text' ;;
                        --ids) REPLY='ids flag' ;;
                        *) REPLY= ;;
                    esac ;;
                listpri)
                    case $2 in
                        -f|--filter) REPLY='filter words all active completed unsynced' ;;
                        --waiting) REPLY='waiting flag' ;;
                        --sort) REPLY='sort list due +due -due wait +wait -wait scheduled +scheduled -scheduled start +start -start until +until -until priority +priority -priority project +project -project created +created -created modified +modified -modified name +name -name urgency +urgency -urgency id +id -id end +end -end status +status -status recur +recur -recur tags +tags -tags' ;;
                        --format) REPLY='format text' ;;
                        --ids) REPLY='ids flag' ;;
                        *) REPLY= ;;
                    esac ;;
                next)
                    case $2 in
                        --format) REPLY='format text' ;;
                        --ids) REPLY='ids flag' ;;
                        *) REPLY= ;;
                    esac ;;
                ui)
                    case $2 in
                        -f|--filter) REPLY='filter words all active completed unsynced' ;;
                        *) REPLY= ;;
                    esac ;;
                edit)
                    case $2 in
                        --name) REPLY='name text' ;;
                        -d|--description) REPLY='description text' ;;
                        -n|--notes) REPLY='notes text' ;;
                        --tag) REPLY='tag tags' ;;
                        --project) REPLY='project projects' ;;
                        --priority) REPLY='priority words H M L' ;;
                        --due) REPLY='due words now today tomorrow yesterday someday later sod eod sow eow som eom soy eoy monday tuesday wednesday thursday friday saturday sunday' ;;
                        --wait) REPLY='wait words now today tomorrow yesterday someday later sod eod sow eow som eom soy eoy monday tuesday wednesday thursday friday saturday sunday' ;;
                        --scheduled) REPLY='scheduled words now today tomorrow yesterday someday later sod eod sow eow som eom soy eoy monday tuesday wednesday thursday friday saturday sunday' ;;
                        --start) REPLY='start words now today tomorrow yesterday someday later sod eod sow eow som eom soy eoy monday tuesday wednesday thursday friday saturday sunday' ;;
                        --depends) REPLY='depends ids' ;;
                        --recur) REPLY='recur words daily weekdays weekly biweekly fortnight monthly bimonthly quarterly semiannual yearly annual biannual biyearly' ;;
                        --until) REPLY='until words now today tomorrow yesterday someday later sod eod sow eow som eom soy eoy monday tuesday wednesday thursday friday saturday sunday' ;;
                        *) REPLY= ;;
                    esac ;;
                delete)
                    case $2 in
                        --series) REPLY='series flag' ;;
                        *) REPLY= ;;
                    esac ;;
                batch)
                    case $2 in
                        --dry-run) REPLY='dry-run flag' ;;
                        *) REPLY= ;;
                    esac ;;
                export)
                    case $2 in
                        --to) REPLY='to words todo taskwarrior todotxt ical' ;;
                        *) REPLY= ;;
                    esac ;;
                import)
                    case $2 in
                        --from) REPLY='from words todo taskwarrior todotxt ical taskrc' ;;
                        --strict) REPLY='strict flag' ;;
                        *) REPLY= ;;
                    esac ;;
                sync)
                    case $2 in
                        --dry-run) REPLY='dry-run flag' ;;
                        *) REPLY= ;;
                    esac ;;
                config)
                    case $2 in
                        --unset) REPLY='unset flag' ;;
                        *) REPLY= ;;
                    esac ;;
                history)
                    case $2 in
                        --graph) REPLY='graph flag' ;;
                        *) REPLY= ;;
                    esac ;;
                log)
                    case $2 in
                        --name) REPLY='name text' ;;
                        -d|--description) REPLY='description text' ;;
                        -n|--notes) REPLY='notes text' ;;
                        --tag) REPLY='tag tags' ;;
                        --project) REPLY='project projects' ;;
                        --priority) REPLY='priority words H M L' ;;
                        --due) REPLY='due words now today tomorrow yesterday someday later sod eod sow eow som eom soy eoy monday tuesday wednesday thursday friday saturday sunday' ;;
                        --wait) REPLY='wait words now today tomorrow yesterday someday later sod eod sow eow som eom soy eoy monday tuesday wednesday thursday friday saturday sunday' ;;
                        --scheduled) REPLY='scheduled words now today tomorrow yesterday someday later sod eod sow eow som eom soy eoy monday tuesday wednesday thursday friday saturday sunday' ;;
                        --start) REPLY='start words now today tomorrow yesterday someday later sod eod sow eow som eom soy eoy monday tuesday wednesday thursday friday saturday sunday' ;;
                        --depends) REPLY='depends ids' ;;
                        --recur) REPLY='recur words daily weekdays weekly biweekly fortnight monthly bimonthly quarterly semiannual yearly annual biannual biyearly' ;;
                        --until) REPLY='until words now today tomorrow yesterday someday later sod eod sow eow som eom soy eoy monday tuesday wednesday thursday friday saturday sunday' ;;
                        *) REPLY= ;;
                    esac ;;
                duplicate)
                    case $2 in
                        --name) REPLY='name text' ;;
                        -d|--description) REPLY='description text' ;;
                        -n|--notes) REPLY='notes text' ;;
                        --tag) REPLY='tag tags' ;;
                        --project) REPLY='project projects' ;;
                        --priority) REPLY='priority words H M L' ;;
                        --due) REPLY='due words now today tomorrow yesterday someday later sod eod sow eow som eom soy eoy monday tuesday wednesday thursday friday saturday sunday' ;;
                        --wait) REPLY='wait words now today tomorrow yesterday someday later sod eod sow eow som eom soy eoy monday tuesday wednesday thursday friday saturday sunday' ;;
                        --scheduled) REPLY='scheduled words now today tomorrow yesterday someday later sod eod sow eow som eom soy eoy monday tuesday wednesday thursday friday saturday sunday' ;;
                        --start) REPLY='start words now today tomorrow yesterday someday later sod eod sow eow som eom soy eoy monday tuesday wednesday thursday friday saturday sunday' ;;
                        --depends) REPLY='depends ids' ;;
                        --recur) REPLY='recur words daily weekdays weekly biweekly fortnight monthly bimonthly quarterly semiannual yearly annual biannual biyearly' ;;
                        --until) REPLY='until words now today tomorrow yesterday someday later sod eod sow eow som eom soy eoy monday tuesday wednesday thursday friday saturday sunday' ;;
                        *) REPLY= ;;
                    esac ;;
                active)
                    case $2 in
                        -f|--filter) REPLY='filter words all active completed unsynced' ;;
                        --all) REPLY='all flag' ;;
                        --waiting) REPLY='waiting flag' ;;
                        --sort) REPLY='sort list due +due -due wait +wait -wait scheduled +scheduled -scheduled start +start -start until +until -until priority +priority -priority project +project -project created +created -created modified +modified -modified name +name -name urgency +urgency -urgency id +id -id end +end -end status +status -status recur +recur -recur tags +tags -tags' ;;
                        --format) REPLY='format text' ;;
                        --ids) REPLY='ids flag' ;;
                        *) REPLY= ;;
                    esac ;;
                all)
                    case $2 in
                        -f|--filter) REPLY='filter words all active completed unsynced' ;;
                        --all) REPLY='all flag' ;;
                        --waiting) REPLY='waiting flag' ;;
                        --sort) REPLY='sort list due +due -due wait +wait -wait scheduled +scheduled -scheduled start +start -start until +until -until priority +priority -priority project +project -project created +created -created modified +modified -modified name +name -name urgency +urgency -urgency id +id -id end +end -end status +status -status recur +recur -recur tags +tags -tags' ;;
                        --format) REPLY='format text' ;;
                        --ids) REPLY='ids flag' ;;
                        *) REPLY= ;;
                    esac ;;
                completed)
                    case $2 in
                        -f|--filter) REPLY='filter words all active completed unsynced' ;;
                        --all) REPLY='all flag' ;;
                        --waiting) REPLY='waiting flag' ;;
                        --sort) REPLY='sort list due +due -due wait +wait -wait scheduled +scheduled -scheduled start +start -start until +until -until priority +priority -priority project +project -project created +created -created modified +modified -modified name +name -name urgency +urgency -urgency id +id -id end +end -end status +status -status recur +recur -recur tags +tags -tags' ;;
                        --format) REPLY='format text' ;;
                        --ids) REPLY='ids flag' ;;
                        *) REPLY= ;;
                    esac ;;
                overdue)
                    case $2 in
                        -f|--filter) REPLY='filter words all active completed unsynced' ;;
                        --all) REPLY='all flag' ;;
                        --waiting) REPLY='waiting flag' ;;
                        --sort) REPLY='sort list due +due -due wait +wait -wait scheduled +scheduled -scheduled start +start -start until +until -until priority +priority -priority project +project -project created +created -created modified +modified -modified name +name -name urgency +urgency -urgency id +id -id end +end -end status +status -status recur +recur -recur tags +tags -tags' ;;
                        --format) REPLY='format text' ;;
                        --ids) REPLY='ids flag' ;;
                        *) REPLY= ;;
                    esac ;;
                waiting)
                    case $2 in
                        -f|--filter) REPLY='filter words all active completed unsynced' ;;
                        --all) REPLY='all flag' ;;
                        --waiting) REPLY='waiting flag' ;;
                        --sort) REPLY='sort list due +due -due wait +wait -wait scheduled +scheduled -scheduled start +start -start until +until -until priority +priority -priority project +project -project created +created -created modified +modified -modified name +name -name urgency +urgency -urgency id +id -id end +end -end status +status -status recur +recur -recur tags +tags -tags' ;;
                        --format) REPLY='format text' ;;
                        --ids) REPLY='ids flag' ;;
                        *) REPLY= ;;
                    esac ;;
                recurring)
                    case $2 in
                        -f|--filter) REPLY='filter words all active completed unsynced' ;;
                        --all) REPLY='all flag' ;;
                        --waiting) REPLY='waiting flag' ;;
                        --sort) REPLY='sort list due +due -due wait +wait -wait scheduled +scheduled -scheduled start +start -start until +until -until priority +priority -priority project +project -project created +created -created modified +modified -modified name +name -name urgency +urgency -urgency id +id -id end +end -end status +status -status recur +recur -recur tags +tags -tags' ;;
                        --format) REPLY='format text' ;;
                        --ids) REPLY='ids flag' ;;
                        *) REPLY= ;;
                    esac ;;
                ready)
                    case $2 in
                        -f|--filter) REPLY='filter words all active completed unsynced' ;;
                        --all) REPLY='all flag' ;;
                        --waiting) REPLY='waiting flag' ;;
                        --sort) REPLY='sort list due +due -due wait +wait -wait scheduled +scheduled -scheduled start +start -start until +until -until priority +priority -priority project +project -project created +created -created modified +modified -modified name +name -name urgency +urgency -urgency id +id -id end +end -end status +status -status recur +recur -recur tags +tags -tags' ;;
                        --format) REPLY='format text' ;;
                        --ids) REPLY='ids flag' ;;
                        *) REPLY= ;;
                    esac ;;
                blocked)
                    case $2 in
                        -f|--filter) REPLY='filter words all active completed unsynced' ;;
                        --all) REPLY='all flag' ;;
                        --waiting) REPLY='waiting flag' ;;
                        --sort) REPLY='sort list due +due -due wait +wait -wait scheduled +scheduled -scheduled start +start -start until +until -until priority +priority -priority project +project -project created +created -created modified +modified -modified name +name -name urgency +urgency -urgency id +id -id end +end -end status +status -status recur +recur -recur tags +tags -tags' ;;
                        --format) REPLY='format text' ;;
                        --ids) REPLY='ids flag' ;;
                        *) REPLY= ;;
                    esac ;;
                blocking)
                    case $2 in
                        -f|--filter) REPLY='filter words all active completed unsynced' ;;
                        --all) REPLY='all flag' ;;
                        --waiting) REPLY='waiting flag' ;;
                        --sort) REPLY='sort list due +due -due wait +wait -wait scheduled +scheduled -scheduled start +start -start until +until -until priority +priority -priority project +project -project created +created -created modified +modified -modified name +name -name urgency +urgency -urgency id +id -id end +end -end status +status -status recur +recur -recur tags +tags -tags' ;;
                        --format) REPLY='format text' ;;
                        --ids) REPLY='ids flag' ;;
                        *) REPLY= ;;
                    esac ;;
                unblocked)
                    case $2 in
                        -f|--filter) REPLY='filter words all active completed unsynced' ;;
                        --all) REPLY='all flag' ;;
                        --waiting) REPLY='waiting flag' ;;
                        --sort) REPLY='sort list due +due -due wait +wait -wait scheduled +scheduled -scheduled start +start -start until +until -until priority +priority -priority project +project -project created +created -created modified +modified -modified name +name -name urgency +urgency -urgency id +id -id end +end -end status +status -status recur +recur -recur tags +tags -tags' ;;
                        --format) REPLY='format text' ;;
                        --ids) REPLY='ids flag' ;;
                        *) REPLY= ;;
                    esac ;;
                newest)
                    case $2 in
                        -f|--filter) REPLY='filter words all active completed unsynced' ;;
                        --all) REPLY='all flag' ;;
                        --waiting) REPLY='waiting flag' ;;
                        --sort) REPLY='sort list due +due -due wait +wait -wait scheduled +scheduled -scheduled start +start -start until +until -until priority +priority -priority project +project -project created +created -created modified +modified -modified name +name -name urgency +urgency -urgency id +id -id end +end -end status +status -status recur +recur -recur tags +tags -tags' ;;
                        --format) REPLY='format text' ;;
                        --ids) REPLY='ids flag' ;;
                        *) REPLY= ;;
                    esac ;;
                oldest)
                    case $2 in
                        -f|--filter) REPLY='filter words all active completed unsynced' ;;
                        --all) REPLY='all flag' ;;
                        --waiting) REPLY='waiting flag' ;;
                        --sort) REPLY='sort list due +due -due wait +wait -wait scheduled +scheduled -scheduled start +start -start until +until -until priority +priority -priority project +project -project created +created -created modified +modified -modified name +name -name urgency +urgency -urgency id +id -id end +end -end status +status -status recur +recur -recur tags +tags -tags' ;;
                        --format) REPLY='format text' ;;
                        --ids) REPLY='ids flag' ;;
                        *) REPLY= ;;
                    esac ;;
                long)
                    case $2 in
                        -f|--filter) REPLY='filter words all active completed unsynced' ;;
                        --all) REPLY='all flag' ;;
                        --waiting) REPLY='waiting flag' ;;
                        --sort) REPLY='sort list due +due -due wait +wait -wait scheduled +scheduled -scheduled start +start -start until +until -until priority +priority -priority project +project -project created +created -created modified +modified -modified name +name -name urgency +urgency -urgency id +id -id end +end -end status +status -status recur +recur -recur tags +tags -tags' ;;
                        --format) REPLY='format text' ;;
                        --ids) REPLY='ids flag' ;;
                        *) REPLY= ;;
                    esac ;;
                minimal)
                    case $2 in
                        -f|--filter) REPLY='filter words all active completed unsynced' ;;
                        --all) REPLY='all flag' ;;
                        --waiting) REPLY='waiting flag' ;;
                        --sort) REPLY='sort list due +due -due wait +wait -wait scheduled +scheduled -scheduled start +start -start until +until -until priority +priority -priority project +project -project created +created -created modified +modified -modified name +name -name urgency +urgency -urgency id +id -id end +end -end status +status -status recur +recur -recur tags +tags -tags' ;;
                        --format) REPLY='format text' ;;
                        --ids) REPLY='ids flag' ;;
                        *) REPLY= ;;
                    esac ;;
                history.daily)
                    case $2 in
                        --graph) REPLY='graph flag' ;;
                        *) REPLY= ;;
                    esac ;;
                history.weekly)
                    case $2 in
                        --graph) REPLY='graph flag' ;;
                        *) REPLY= ;;
                    esac ;;
                history.monthly)
                    case $2 in
                        --graph) REPLY='graph flag' ;;
                        *) REPLY= ;;
                    esac ;;
                history.annual)
                    case $2 in
                        --graph) REPLY='graph flag' ;;
                        *) REPLY= ;;
                    esac ;;
                *) REPLY= ;;
            esac ;;
    esac
}

# REPLY: the long options of command $1, global ones included.
_todo_options() {
    case $1 in
        add) REPLY='--description --notes --tag --project --priority --due --wait --scheduled --start --depends --recur --until' ;;
        list) REPLY='--filter --all --waiting --sort --format --ids' ;;
        listall) REPLY='--sort --format --ids' ;;
        listpri) REPLY='--filter --waiting --sort --format --ids' ;;
        next) REPLY='--format --ids' ;;
        ui) REPLY='--filter' ;;
        edit) REPLY='--name --description --notes --tag --project --priority --due --wait --scheduled --start --depends --recur --until' ;;
        delete) REPLY='--series' ;;
        batch) REPLY='--dry-run' ;;
        export) REPLY='--to' ;;
        import) REPLY='--from --strict' ;;
        sync) REPLY='--dry-run' ;;
        config) REPLY='--unset' ;;
        history) REPLY='--graph' ;;
        log) REPLY='--name --description --notes --tag --project --priority --due --wait --scheduled --start --depends --recur --until' ;;
        duplicate) REPLY='--name --description --notes --tag --project --priority --due --wait --scheduled --start --depends --recur --until' ;;
        active) REPLY='--filter --all --waiting --sort --format --ids' ;;
        all) REPLY='--filter --all --waiting --sort --format --ids' ;;
        completed) REPLY='--filter --all --waiting --sort --format --ids' ;;
        overdue) REPLY='--filter --all --waiting --sort --format --ids' ;;
        waiting) REPLY='--filter --all --waiting --sort --format --ids' ;;
        recurring) REPLY='--filter --all --waiting --sort --format --ids' ;;
        ready) REPLY='--filter --all --waiting --sort --format --ids' ;;
        blocked) REPLY='--filter --all --waiting --sort --format --ids' ;;
        blocking) REPLY='--filter --all --waiting --sort --format --ids' ;;
        unblocked) REPLY='--filter --all --waiting --sort --format --ids' ;;
        newest) REPLY='--filter --all --waiting --sort --format --ids' ;;
        oldest) REPLY='--filter --all --waiting --sort --format --ids' ;;
        long) REPLY='--filter --all --waiting --sort --format --ids' ;;
        minimal) REPLY='--filter --all --waiting --sort --format --ids' ;;
        history.daily) REPLY='--graph' ;;
        history.weekly) REPLY='--graph' ;;
        history.monthly) REPLY='--graph' ;;
        history.annual) REPLY='--graph' ;;
        *) REPLY= ;;
    esac
    REPLY+=' --file --json --quiet --color --no-context --syntax --help --version'
}

# REPLY: the kind of argument $2 (counting from 0) of command $1.
_todo_argument() {
    local kinds=() repeats=
    case $1 in
        add) kinds=('attributes') repeats=1 ;;
        list) kinds=('filter') repeats=1 ;;
        listall) kinds=('filter') repeats=1 ;;
        listpri) kinds=('text' 'filter') repeats=1 ;;
        listproj) kinds=('filter') repeats=1 ;;
        listcon) kinds=('filter') repeats=1 ;;
        next) kinds=('filter') repeats=1 ;;
        ui) kinds=('filter') repeats=1 ;;
        show) kinds=('ids') ;;
        edit) kinds=('ids' 'attributes') repeats=1 ;;
        done) kinds=('ids') repeats=1 ;;
        reopen) kinds=('ids') repeats=1 ;;
        annotate) kinds=('ids' 'text') repeats=1 ;;
        append) kinds=('ids' 'attributes') repeats=1 ;;
        prepend) kinds=('ids' 'attributes') repeats=1 ;;
        replace) kinds=('ids' 'attributes') repeats=1 ;;
        pri) kinds=('ids' 'text') ;;
        depri) kinds=('ids') repeats=1 ;;
        denotate) kinds=('ids' 'text') repeats=1 ;;
        start) kinds=('ids') repeats=1 ;;
        stop) kinds=('ids') repeats=1 ;;
        toggle) kinds=('ids') repeats=1 ;;
        delete) kinds=('ids') repeats=1 ;;
        import) kinds=('path') ;;
        config) kinds=('words server token timeout insecure-http ca-file due-days default-filter default-command search.case.sensitive context syntax week-start hooks hooks.location hooks.timeout color rule.precedence.color rule.color.merge sync.server.url sync.server.client_id sync.encryption_secret context.NAME uda.NAME.type uda.NAME.values uda.NAME.label urgency.due.coefficient urgency.blocking.coefficient urgency.blocked.coefficient urgency.active.coefficient urgency.scheduled.coefficient urgency.age.coefficient urgency.annotations.coefficient urgency.tags.coefficient urgency.project.coefficient urgency.waiting.coefficient urgency.age.max urgency.user.tag.TAG.coefficient urgency.user.project.PROJECT.coefficient urgency.user.keyword.WORD.coefficient urgency.uda.NAME.coefficient urgency.uda.NAME.VALUE.coefficient report.NAME.columns report.NAME.labels report.NAME.filter report.NAME.sort report.NAME.description report.NAME.context color.deleted color.completed color.active color.keyword.WORD color.tag.TAG color.tag.none color.project.PROJECT color.project.none color.overdue color.scheduled color.due.today color.due color.blocked color.blocking color.recurring color.tagged color.until color.uda.NAME color.uda.NAME.VALUE' 'text') ;;
        context) kinds=('contexts' 'filter') repeats=1 ;;
        completions) kinds=('words bash zsh fish') ;;
        help) kinds=('commands') ;;
        projects) kinds=('filter') repeats=1 ;;
        tags) kinds=('filter') repeats=1 ;;
        summary) kinds=('filter') repeats=1 ;;
        calendar) kinds=('filter') repeats=1 ;;
        burndown) kinds=('filter') repeats=1 ;;
        history) kinds=('filter') repeats=1 ;;
        stats) kinds=('filter') repeats=1 ;;
        log) kinds=('attributes') repeats=1 ;;
        count) kinds=('filter') repeats=1 ;;
        ids) kinds=('filter') repeats=1 ;;
        uuids) kinds=('filter') repeats=1 ;;
        _ids) kinds=('filter') repeats=1 ;;
        _uuids) kinds=('filter') repeats=1 ;;
        _projects) kinds=('filter') repeats=1 ;;
        _tags) kinds=('filter') repeats=1 ;;
        _unique) kinds=('text' 'filter') repeats=1 ;;
        _get) kinds=('text') repeats=1 ;;
        calc) kinds=('text') repeats=1 ;;
        duplicate) kinds=('ids' 'attributes') repeats=1 ;;
        active) kinds=('filter') repeats=1 ;;
        all) kinds=('filter') repeats=1 ;;
        completed) kinds=('filter') repeats=1 ;;
        overdue) kinds=('filter') repeats=1 ;;
        waiting) kinds=('filter') repeats=1 ;;
        recurring) kinds=('filter') repeats=1 ;;
        ready) kinds=('filter') repeats=1 ;;
        blocked) kinds=('filter') repeats=1 ;;
        blocking) kinds=('filter') repeats=1 ;;
        unblocked) kinds=('filter') repeats=1 ;;
        newest) kinds=('filter') repeats=1 ;;
        oldest) kinds=('filter') repeats=1 ;;
        long) kinds=('filter') repeats=1 ;;
        minimal) kinds=('filter') repeats=1 ;;
        burndown.daily) kinds=('filter') repeats=1 ;;
        burndown.weekly) kinds=('filter') repeats=1 ;;
        burndown.monthly) kinds=('filter') repeats=1 ;;
        history.daily) kinds=('filter') repeats=1 ;;
        history.weekly) kinds=('filter') repeats=1 ;;
        history.monthly) kinds=('filter') repeats=1 ;;
        history.annual) kinds=('filter') repeats=1 ;;
        ghistory.daily) kinds=('filter') repeats=1 ;;
        ghistory.weekly) kinds=('filter') repeats=1 ;;
        ghistory.monthly) kinds=('filter') repeats=1 ;;
        ghistory.annual) kinds=('filter') repeats=1 ;;
    esac
    REPLY=${kinds[$2]}
    [[ -z $REPLY && -n $repeats ]] && REPLY=${kinds[-1]}
}

# REPLY: the kind of value after KEY: ($1) in an attribute word, or in a filter term when $2 is filter.
_todo_key() {
    REPLY=
    case $2:$1 in
        *:name|*:description|filter:name.is|filter:name.isnt|filter:name.not|filter:name.has|filter:name.hasnt|filter:name.startswith|filter:name.endswith|*:details|filter:details.is|filter:details.isnt|filter:details.not|filter:details.has|filter:details.hasnt|filter:details.startswith|filter:details.endswith|filter:notes|filter:notes.is|filter:notes.isnt|filter:notes.not|filter:notes.has|filter:notes.hasnt|filter:notes.startswith|filter:notes.endswith) REPLY='text' ;;
        filter:name.any|filter:name.none|filter:details.any|filter:details.none|filter:notes.any|filter:notes.none|filter:tags.any|filter:tags.none|filter:project.any|filter:project.none|filter:priority.any|filter:priority.none|filter:due.any|filter:due.none|filter:wait.any|filter:wait.none|filter:scheduled.any|filter:scheduled.none|filter:start.any|filter:start.none|filter:depends.any|filter:depends.none|filter:recur.any|filter:recur.none|filter:until.any|filter:until.none|filter:entry.any|filter:entry.none|filter:modified.any|filter:modified.none|filter:end.any|filter:end.none|filter:urgency.before|filter:urgency.after|filter:urgency.by) REPLY='text' ;;
        filter:tags|filter:tags.has|filter:tags.hasnt|filter:tags.not) REPLY='tags' ;;
        *:project|filter:project.is|filter:project.isnt|filter:project.not|filter:project.has|filter:project.hasnt|filter:project.startswith|filter:project.endswith) REPLY='projects' ;;
        *:priority|*:pri|filter:priority.is|filter:priority.isnt|filter:priority.not|filter:priority.before|filter:priority.after) REPLY='words H M L' ;;
        *:due|filter:due.is|filter:due.isnt|filter:due.not|filter:due.before|filter:due.after|filter:due.by|*:wait|filter:wait.is|filter:wait.isnt|filter:wait.not|filter:wait.before|filter:wait.after|filter:wait.by|*:scheduled|filter:scheduled.is|filter:scheduled.isnt|filter:scheduled.not|filter:scheduled.before|filter:scheduled.after|filter:scheduled.by|*:start|filter:start.is|filter:start.isnt|filter:start.not|filter:start.before|filter:start.after|filter:start.by|*:until|filter:until.is|filter:until.isnt|filter:until.not|filter:until.before|filter:until.after|filter:until.by|filter:entry|filter:entry.is|filter:entry.isnt|filter:entry.not|filter:entry.before|filter:entry.after|filter:entry.by|filter:modified|filter:modified.is|filter:modified.isnt|filter:modified.not|filter:modified.before|filter:modified.after|filter:modified.by|filter:end|filter:end.is|filter:end.isnt|filter:end.not|filter:end.before|filter:end.after|filter:end.by) REPLY='words now today tomorrow yesterday someday later sod eod sow eow som eom soy eoy monday tuesday wednesday thursday friday saturday sunday' ;;
        *:depends|*:dep|filter:depends.has|filter:depends.hasnt|filter:depends.not) REPLY='ids' ;;
        *:recur|filter:recur.is|filter:recur.isnt|filter:recur.not) REPLY='words daily weekdays weekly biweekly fortnight monthly bimonthly quarterly semiannual yearly annual biannual biyearly' ;;
        filter:status|filter:status.is|filter:status.isnt|filter:status.not) REPLY='words pending waiting completed' ;;
    esac
}

# REPLY: every KEY: of attribute words, or of filter terms when $1 is filter; then the
# attributes 'todo config uda.NAME.type' declares.
_todo_keys() {
    if [[ $1 == filter ]]; then REPLY='name: description: name.is: name.isnt: name.not: name.has: name.hasnt: name.startswith: name.endswith: name.any: name.none: details: details.is: details.isnt: details.not: details.has: details.hasnt: details.startswith: details.endswith: details.any: details.none: notes: notes.is: notes.isnt: notes.not: notes.has: notes.hasnt: notes.startswith: notes.endswith: notes.any: notes.none: tags: tags.has: tags.hasnt: tags.not: tags.any: tags.none: project: project.is: project.isnt: project.not: project.has: project.hasnt: project.startswith: project.endswith: project.any: project.none: priority: pri: priority.is: priority.isnt: priority.not: priority.any: priority.none: priority.before: priority.after: due: due.is: due.isnt: due.not: due.any: due.none: due.before: due.after: due.by: wait: wait.is: wait.isnt: wait.not: wait.any: wait.none: wait.before: wait.after: wait.by: scheduled: scheduled.is: scheduled.isnt: scheduled.not: scheduled.any: scheduled.none: scheduled.before: scheduled.after: scheduled.by: start: start.is: start.isnt: start.not: start.any: start.none: start.before: start.after: start.by: depends: dep: depends.has: depends.hasnt: depends.not: depends.any: depends.none: recur: recur.is: recur.isnt: recur.not: recur.any: recur.none: until: until.is: until.isnt: until.not: until.any: until.none: until.before: until.after: until.by: entry: entry.is: entry.isnt: entry.not: entry.any: entry.none: entry.before: entry.after: entry.by: modified: modified.is: modified.isnt: modified.not: modified.any: modified.none: modified.before: modified.after: modified.by: end: end.is: end.isnt: end.not: end.any: end.none: end.before: end.after: end.by: status: status.is: status.isnt: status.not: urgency.before: urgency.after: urgency.by:'; else REPLY='name: description: details: project: priority: pri: due: wait: scheduled: start: depends: dep: recur: until:'; fi
    REPLY+=" $(todo __complete udas 2>/dev/null)"
}

# COMPREPLY: the values of kind $1 that start with $2; todo numbers, tags and projects
# from the state file $3; reports (as commands) and contexts from the config.
_todo_values() {
    local lines line
    case $1 in
        path)
            compopt -o filenames 2>/dev/null
            mapfile -t COMPREPLY < <(compgen -f -- "$2") ;;
        ids)
            mapfile -t lines < <(todo __complete ids ${3:+"--file=$3"} 2>/dev/null)
            mapfile -t COMPREPLY < <(compgen -W "${lines[*]%%$'\t'*}" -- "$2") ;;
        tags|projects|contexts)
            COMPREPLY=()
            mapfile -t lines < <(todo __complete "$1" ${3:+"--file=$3"} 2>/dev/null)
            for line in "${lines[@]}"; do [[ $line == "$2"* ]] && COMPREPLY+=("$line"); done ;;
        commands)
            mapfile -t COMPREPLY < <(compgen -W 'add a list ls listall lsa listpri lsp listproj lsprj listcon lsc archive next ui tui show info edit modify done do reopen annotate append app prepend prep replace pri p depri dp denotate start stop toggle delete rm del clear-completed undo batch export import sync config context completions help reports projects tags summary calendar cal burndown history stats log count ids uuids _ids _uuids _projects _tags _unique _get calc duplicate purge version _version commands _commands columns _columns udas _udas diagnostics active all completed overdue waiting recurring ready blocked blocking unblocked newest oldest long minimal burndown.daily burndown.weekly burndown.monthly history.daily history.weekly history.monthly history.annual ghistory.daily ghistory.weekly ghistory.monthly ghistory.annual'" $(todo __complete reports 2>/dev/null)" -- "$2") ;;
        words\ *)
            mapfile -t COMPREPLY < <(compgen -W "${1#words }" -- "$2") ;;
        list\ *)
            compopt -o nospace 2>/dev/null
            mapfile -t COMPREPLY < <(compgen -P "${2%"${2##*,}"}" -W "${1#list }" -- "${2##*,}") ;;
        attributes|filter)
            _todo_words "$1" "$2" "$3" ;;
    esac
}

# COMPREPLY: attribute words ($1 attributes) or filter terms ($1 filter) that start with
# $2: +TAG and -TAG (and the virtual tags in a filter), KEY:VALUE, or the keys themselves.
_todo_words() {
    local key REPLY
    if [[ $(todo __complete syntax ${3:+"--file=$3"} 2>/dev/null) == todotxt ]]; then
        _todo_txt_words "$2" "$3"
        return
    fi
    case $2 in
        [+-]*)
            _todo_values tags "${2:1}" "$3"
            [[ $1 == filter ]] && mapfile -t -O "${#COMPREPLY[@]}" COMPREPLY < <(compgen -W 'ACTIVE BLOCKED UNBLOCKED BLOCKING READY SCHEDULED WAITING OVERDUE DUE YESTERDAY TODAY DUETODAY TOMORROW WEEK MONTH QUARTER YEAR PENDING COMPLETED TAGGED ANNOTATED PROJECT PRIORITY UNTIL RECURRING UDA LATEST SYNCED UNSYNCED' -- "${2:1}")
            COMPREPLY=("${COMPREPLY[@]/#/${2:0:1}}") ;;
        *:*)
            key=${2%%:*}
            _todo_key "$key" "$1"
            COMPREPLY=()
            [[ -n $REPLY ]] && _todo_values "$REPLY" "${2#*:}" "$3"
            COMPREPLY=("${COMPREPLY[@]/#/$key:}") ;;
        ?*)
            _todo_keys "$1"
            compopt -o nospace 2>/dev/null
            mapfile -t COMPREPLY < <(compgen -W "$REPLY" -- "$2") ;;
    esac
}

# COMPREPLY: in the todo.txt dialect, words that start with $1: +PROJECT, @CONTEXT (a
# tag), or an add-on key.
_todo_txt_words() {
    COMPREPLY=()
    case $1 in
        +*)
            _todo_values projects "${1:1}" "$2"
            COMPREPLY=("${COMPREPLY[@]/#/+}") ;;
        @*)
            _todo_values tags "${1:1}" "$2"
            COMPREPLY=("${COMPREPLY[@]/#/@}") ;;
        *:* | -*) ;;
        ?*)
            compopt -o nospace 2>/dev/null
            mapfile -t COMPREPLY < <(compgen -W 'pri: due: t: rec:' -- "$1") ;;
    esac
}

# Reads the words before the cursor as todo's parser does: options before or after the
# command, an option's value in the next word or after '=' (where bash splits words too),
# IDs before the command (todo 3 modify) as its first arguments, and '--' ending options.
_todo() {
    local cur=${COMP_WORDS[COMP_CWORD]} word command= file= expect= ended= count=0 i REPLY ids='^#?(([0-9]+(-[0-9]+)?|[0-9A-Fa-f]{8,32})(,([0-9]+(-[0-9]+)?|[0-9A-Fa-f]{8,32}))*|[0-9A-Fa-f]{8}(-[0-9A-Fa-f]{4}){3}-[0-9A-Fa-f]{12})$'
    COMPREPLY=()
    for ((i = 1; i < COMP_CWORD; i++)); do
        word=${COMP_WORDS[i]}
        if [[ -n $expect ]]; then
            [[ $word == = ]] && continue
            [[ $expect == 'file path' ]] && file=$word
            expect=
        elif [[ -z $ended && $word == -- ]]; then
            ended=1
        elif [[ -z $ended && $word == -?* ]]; then
            _todo_option "$command" "${word%%=*}"
            if [[ $word == *=* ]]; then
                [[ $REPLY == 'file path' ]] && file=${word#*=}
            elif [[ -n $REPLY && $REPLY != *' flag' ]]; then
                expect=$REPLY
            fi
        elif [[ -z $command && $word =~ $ids ]]; then
            ((count++))
        elif [[ -z $command ]]; then
            _todo_command "$word"
            command=${REPLY:-?}
        else
            ((count++))
        fi
    done
    [[ $file == '~/'* ]] && file=$HOME/${file#'~/'}
    [[ $cur == = && -n $expect ]] && cur=
    # bash splits words at ':' and '@' too (COMP_WORDBREAKS), and replaces only what
    # follows the last of them: attribute words are read whole from the line, and
    # candidates lose all up to it, as bash-completion's __ltrim_colon_completions does.
    local line=${COMP_LINE:0:COMP_POINT}
    local full=${line##*[[:space:]]} lead= breaks=
    [[ $COMP_WORDBREAKS == *:* ]] && breaks+=:
    [[ $COMP_WORDBREAKS == *@* ]] && breaks+=@
    [[ -n $breaks ]] && lead=${full%"${full##*[$breaks]}"}
    if [[ -n $expect ]]; then
        _todo_values "${expect#* }" "$cur" "$file"
    elif [[ -z $ended && $cur == -* ]]; then
        _todo_options "$command"
        mapfile -t COMPREPLY < <(compgen -W "$REPLY" -- "$cur")
        _todo_argument "$command" "$count"
        if [[ $cur == -[!-]* && ( $REPLY == attributes || $REPLY == filter ) ]]; then
            local options=("${COMPREPLY[@]}")
            _todo_words "$REPLY" "$cur" "$file"
            COMPREPLY=("${options[@]}" "${COMPREPLY[@]}")
        fi
    elif [[ -z $command ]]; then
        _todo_values commands "$cur"
    else
        _todo_argument "$command" "$count"
        if [[ $REPLY == attributes || $REPLY == filter ]]; then
            _todo_words "$REPLY" "$full" "$file"
            COMPREPLY=("${COMPREPLY[@]#"$lead"}")
        else
            _todo_values "$REPLY" "$cur" "$file"
        fi
    fi
}

complete -F _todo todo
