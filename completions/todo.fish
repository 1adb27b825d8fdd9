# fish completion for todo(1), generated from todo's command table by
# 'todo completions fish'. Do not edit: change the table, then run 'bash .ci/generate'.

# The command that word $argv[1] names, if any.
function __todo_command
    switch $argv[1]
        case add a
            echo add
        case list ls
            echo list
        case listall lsa
            echo listall
        case listpri lsp
            echo listpri
        case listproj lsprj
            echo listproj
        case listcon lsc
            echo listcon
        case archive
            echo archive
        case next
            echo next
        case ui tui
            echo ui
        case show info
            echo show
        case edit modify
            echo edit
        case done do
            echo done
        case reopen
            echo reopen
        case annotate
            echo annotate
        case append app
            echo append
        case prepend prep
            echo prepend
        case replace
            echo replace
        case pri p
            echo pri
        case depri dp
            echo depri
        case denotate
            echo denotate
        case start
            echo start
        case stop
            echo stop
        case toggle
            echo toggle
        case delete rm del
            echo delete
        case clear-completed
            echo clear-completed
        case undo
            echo undo
        case batch
            echo batch
        case export
            echo export
        case import
            echo import
        case sync
            echo sync
        case config
            echo config
        case context
            echo context
        case completions
            echo completions
        case help
            echo help
        case reports
            echo reports
        case projects
            echo projects
        case tags
            echo tags
        case summary
            echo summary
        case calendar cal
            echo calendar
        case burndown
            echo burndown
        case history
            echo history
        case stats
            echo stats
        case log
            echo log
        case count
            echo count
        case ids
            echo ids
        case uuids
            echo uuids
        case _ids
            echo _ids
        case _uuids
            echo _uuids
        case _projects
            echo _projects
        case _tags
            echo _tags
        case _unique
            echo _unique
        case _get
            echo _get
        case calc
            echo calc
        case duplicate
            echo duplicate
        case purge
            echo purge
        case version
            echo version
        case _version
            echo _version
        case commands
            echo commands
        case _commands
            echo _commands
        case columns
            echo columns
        case _columns
            echo _columns
        case udas
            echo udas
        case _udas
            echo _udas
        case diagnostics
            echo diagnostics
        case active
            echo active
        case all
            echo all
        case completed
            echo completed
        case overdue
            echo overdue
        case waiting
            echo waiting
        case recurring
            echo recurring
        case ready
            echo ready
        case blocked
            echo blocked
        case blocking
            echo blocking
        case unblocked
            echo unblocked
        case newest
            echo newest
        case oldest
            echo oldest
        case long
            echo long
        case minimal
            echo minimal
        case burndown.daily
            echo burndown.daily
        case burndown.weekly
            echo burndown.weekly
        case burndown.monthly
            echo burndown.monthly
        case history.daily
            echo history.daily
        case history.weekly
            echo history.weekly
        case history.monthly
            echo history.monthly
        case history.annual
            echo history.annual
        case ghistory.daily
            echo ghistory.daily
        case ghistory.weekly
            echo ghistory.weekly
        case ghistory.monthly
            echo ghistory.monthly
        case ghistory.annual
            echo ghistory.annual
        case '*'
            # A report the config defines takes list's arguments and options.
            contains -- $argv[1] (todo __complete reports 2>/dev/null); or return 1
            echo list
    end
end

# The long name of option $argv[2] of command $argv[1], if it takes a value.
function __todo_value_option
    switch $argv[2]
        case --file
            echo file
            return
        case --color
            echo color
            return
        case --syntax
            echo syntax
            return
    end
    switch $argv[1]
        case add
            switch $argv[2]
                case -d --description
                    echo description
                    return
                case -n --notes
                    echo notes
                    return
                case --tag
                    echo tag
                    return
                case --project
                    echo project
                    return
                case --priority
                    echo priority
                    return
                case --due
                    echo due
                    return
                case --wait
                    echo wait
                    return
                case --scheduled
                    echo scheduled
                    return
                case --start
                    echo start
                    return
                case --depends
                    echo depends
                    return
                case --recur
                    echo recur
                    return
                case --until
                    echo until
                    return
            end
        case list
            switch $argv[2]
                case -f --filter
                    echo filter
                    return
                case --sort
                    echo sort
                    return
                case --format
                    echo format
                    return
            end
        case listall
            switch $argv[2]
                case --sort
                    echo sort
                    return
                case --format
                    echo format
                    return
            end
        case listpri
            switch $argv[2]
                case -f --filter
                    echo filter
                    return
                case --sort
                    echo sort
                    return
                case --format
                    echo format
                    return
            end
        case next
            switch $argv[2]
                case --format
                    echo format
                    return
            end
        case ui
            switch $argv[2]
                case -f --filter
                    echo filter
                    return
            end
        case edit
            switch $argv[2]
                case --name
                    echo name
                    return
                case -d --description
                    echo description
                    return
                case -n --notes
                    echo notes
                    return
                case --tag
                    echo tag
                    return
                case --project
                    echo project
                    return
                case --priority
                    echo priority
                    return
                case --due
                    echo due
                    return
                case --wait
                    echo wait
                    return
                case --scheduled
                    echo scheduled
                    return
                case --start
                    echo start
                    return
                case --depends
                    echo depends
                    return
                case --recur
                    echo recur
                    return
                case --until
                    echo until
                    return
            end
        case export
            switch $argv[2]
                case --to
                    echo to
                    return
            end
        case import
            switch $argv[2]
                case --from
                    echo from
                    return
            end
        case log
            switch $argv[2]
                case --name
                    echo name
                    return
                case -d --description
                    echo description
                    return
                case -n --notes
                    echo notes
                    return
                case --tag
                    echo tag
                    return
                case --project
                    echo project
                    return
                case --priority
                    echo priority
                    return
                case --due
                    echo due
                    return
                case --wait
                    echo wait
                    return
                case --scheduled
                    echo scheduled
                    return
                case --start
                    echo start
                    return
                case --depends
                    echo depends
                    return
                case --recur
                    echo recur
                    return
                case --until
                    echo until
                    return
            end
        case duplicate
            switch $argv[2]
                case --name
                    echo name
                    return
                case -d --description
                    echo description
                    return
                case -n --notes
                    echo notes
                    return
                case --tag
                    echo tag
                    return
                case --project
                    echo project
                    return
                case --priority
                    echo priority
                    return
                case --due
                    echo due
                    return
                case --wait
                    echo wait
                    return
                case --scheduled
                    echo scheduled
                    return
                case --start
                    echo start
                    return
                case --depends
                    echo depends
                    return
                case --recur
                    echo recur
                    return
                case --until
                    echo until
                    return
            end
        case active
            switch $argv[2]
                case -f --filter
                    echo filter
                    return
                case --sort
                    echo sort
                    return
                case --format
                    echo format
                    return
            end
        case all
            switch $argv[2]
                case -f --filter
                    echo filter
                    return
                case --sort
                    echo sort
                    return
                case --format
                    echo format
                    return
            end
        case completed
            switch $argv[2]
                case -f --filter
                    echo filter
                    return
                case --sort
                    echo sort
                    return
                case --format
                    echo format
                    return
            end
        case overdue
            switch $argv[2]
                case -f --filter
                    echo filter
                    return
                case --sort
                    echo sort
                    return
                case --format
                    echo format
                    return
            end
        case waiting
            switch $argv[2]
                case -f --filter
                    echo filter
                    return
                case --sort
                    echo sort
                    return
                case --format
                    echo format
                    return
            end
        case recurring
            switch $argv[2]
                case -f --filter
                    echo filter
                    return
                case --sort
                    echo sort
                    return
                case --format
                    echo format
                    return
            end
        case ready
            switch $argv[2]
                case -f --filter
                    echo filter
                    return
                case --sort
                    echo sort
                    return
                case --format
                    echo format
                    return
            end
        case blocked
            switch $argv[2]
                case -f --filter
                    echo filter
                    return
                case --sort
                    echo sort
                    return
                case --format
                    echo format
                    return
            end
        case blocking
            switch $argv[2]
                case -f --filter
                    echo filter
                    return
                case --sort
                    echo sort
                    return
                case --format
                    echo format
                    return
            end
        case unblocked
            switch $argv[2]
                case -f --filter
                    echo filter
                    return
                case --sort
                    echo sort
                    return
                case --format
                    echo format
                    return
            end
        case newest
            switch $argv[2]
                case -f --filter
                    echo filter
                    return
                case --sort
                    echo sort
                    return
                case --format
                    echo format
                    return
            end
        case oldest
            switch $argv[2]
                case -f --filter
                    echo filter
                    return
                case --sort
                    echo sort
                    return
                case --format
                    echo format
                    return
            end
        case long
            switch $argv[2]
                case -f --filter
                    echo filter
                    return
                case --sort
                    echo sort
                    return
                case --format
                    echo format
                    return
            end
        case minimal
            switch $argv[2]
                case -f --filter
                    echo filter
                    return
                case --sort
                    echo sort
                    return
                case --format
                    echo format
                    return
            end
    end
    return 1
end

# The kind of argument $argv[2] (counting from 0) of command $argv[1].
function __todo_argument
    switch $argv[1]
        case add
            set -l kinds attributes
            set -q kinds[(math $argv[2] + 1)]; and echo $kinds[(math $argv[2] + 1)]; or echo $kinds[-1]
        case list
            set -l kinds filter
            set -q kinds[(math $argv[2] + 1)]; and echo $kinds[(math $argv[2] + 1)]; or echo $kinds[-1]
        case listall
            set -l kinds filter
            set -q kinds[(math $argv[2] + 1)]; and echo $kinds[(math $argv[2] + 1)]; or echo $kinds[-1]
        case listpri
            set -l kinds text filter
            set -q kinds[(math $argv[2] + 1)]; and echo $kinds[(math $argv[2] + 1)]; or echo $kinds[-1]
        case listproj
            set -l kinds filter
            set -q kinds[(math $argv[2] + 1)]; and echo $kinds[(math $argv[2] + 1)]; or echo $kinds[-1]
        case listcon
            set -l kinds filter
            set -q kinds[(math $argv[2] + 1)]; and echo $kinds[(math $argv[2] + 1)]; or echo $kinds[-1]
        case next
            set -l kinds filter
            set -q kinds[(math $argv[2] + 1)]; and echo $kinds[(math $argv[2] + 1)]; or echo $kinds[-1]
        case ui
            set -l kinds filter
            set -q kinds[(math $argv[2] + 1)]; and echo $kinds[(math $argv[2] + 1)]; or echo $kinds[-1]
        case show
            set -l kinds ids
            set -q kinds[(math $argv[2] + 1)]; and echo $kinds[(math $argv[2] + 1)]
        case edit
            set -l kinds ids attributes
            set -q kinds[(math $argv[2] + 1)]; and echo $kinds[(math $argv[2] + 1)]; or echo $kinds[-1]
        case done
            set -l kinds ids
            set -q kinds[(math $argv[2] + 1)]; and echo $kinds[(math $argv[2] + 1)]; or echo $kinds[-1]
        case reopen
            set -l kinds ids
            set -q kinds[(math $argv[2] + 1)]; and echo $kinds[(math $argv[2] + 1)]; or echo $kinds[-1]
        case annotate
            set -l kinds ids text
            set -q kinds[(math $argv[2] + 1)]; and echo $kinds[(math $argv[2] + 1)]; or echo $kinds[-1]
        case append
            set -l kinds ids attributes
            set -q kinds[(math $argv[2] + 1)]; and echo $kinds[(math $argv[2] + 1)]; or echo $kinds[-1]
        case prepend
            set -l kinds ids attributes
            set -q kinds[(math $argv[2] + 1)]; and echo $kinds[(math $argv[2] + 1)]; or echo $kinds[-1]
        case replace
            set -l kinds ids attributes
            set -q kinds[(math $argv[2] + 1)]; and echo $kinds[(math $argv[2] + 1)]; or echo $kinds[-1]
        case pri
            set -l kinds ids text
            set -q kinds[(math $argv[2] + 1)]; and echo $kinds[(math $argv[2] + 1)]
        case depri
            set -l kinds ids
            set -q kinds[(math $argv[2] + 1)]; and echo $kinds[(math $argv[2] + 1)]; or echo $kinds[-1]
        case denotate
            set -l kinds ids text
            set -q kinds[(math $argv[2] + 1)]; and echo $kinds[(math $argv[2] + 1)]; or echo $kinds[-1]
        case start
            set -l kinds ids
            set -q kinds[(math $argv[2] + 1)]; and echo $kinds[(math $argv[2] + 1)]; or echo $kinds[-1]
        case stop
            set -l kinds ids
            set -q kinds[(math $argv[2] + 1)]; and echo $kinds[(math $argv[2] + 1)]; or echo $kinds[-1]
        case toggle
            set -l kinds ids
            set -q kinds[(math $argv[2] + 1)]; and echo $kinds[(math $argv[2] + 1)]; or echo $kinds[-1]
        case delete
            set -l kinds ids
            set -q kinds[(math $argv[2] + 1)]; and echo $kinds[(math $argv[2] + 1)]; or echo $kinds[-1]
        case import
            set -l kinds path
            set -q kinds[(math $argv[2] + 1)]; and echo $kinds[(math $argv[2] + 1)]
        case config
            set -l kinds choice:0 text
            set -q kinds[(math $argv[2] + 1)]; and echo $kinds[(math $argv[2] + 1)]
        case context
            set -l kinds contexts filter
            set -q kinds[(math $argv[2] + 1)]; and echo $kinds[(math $argv[2] + 1)]; or echo $kinds[-1]
        case completions
            set -l kinds choice:0
            set -q kinds[(math $argv[2] + 1)]; and echo $kinds[(math $argv[2] + 1)]
        case help
            set -l kinds commands
            set -q kinds[(math $argv[2] + 1)]; and echo $kinds[(math $argv[2] + 1)]
        case projects
            set -l kinds filter
            set -q kinds[(math $argv[2] + 1)]; and echo $kinds[(math $argv[2] + 1)]; or echo $kinds[-1]
        case tags
            set -l kinds filter
            set -q kinds[(math $argv[2] + 1)]; and echo $kinds[(math $argv[2] + 1)]; or echo $kinds[-1]
        case summary
            set -l kinds filter
            set -q kinds[(math $argv[2] + 1)]; and echo $kinds[(math $argv[2] + 1)]; or echo $kinds[-1]
        case calendar
            set -l kinds filter
            set -q kinds[(math $argv[2] + 1)]; and echo $kinds[(math $argv[2] + 1)]; or echo $kinds[-1]
        case burndown
            set -l kinds filter
            set -q kinds[(math $argv[2] + 1)]; and echo $kinds[(math $argv[2] + 1)]; or echo $kinds[-1]
        case history
            set -l kinds filter
            set -q kinds[(math $argv[2] + 1)]; and echo $kinds[(math $argv[2] + 1)]; or echo $kinds[-1]
        case stats
            set -l kinds filter
            set -q kinds[(math $argv[2] + 1)]; and echo $kinds[(math $argv[2] + 1)]; or echo $kinds[-1]
        case log
            set -l kinds attributes
            set -q kinds[(math $argv[2] + 1)]; and echo $kinds[(math $argv[2] + 1)]; or echo $kinds[-1]
        case count
            set -l kinds filter
            set -q kinds[(math $argv[2] + 1)]; and echo $kinds[(math $argv[2] + 1)]; or echo $kinds[-1]
        case ids
            set -l kinds filter
            set -q kinds[(math $argv[2] + 1)]; and echo $kinds[(math $argv[2] + 1)]; or echo $kinds[-1]
        case uuids
            set -l kinds filter
            set -q kinds[(math $argv[2] + 1)]; and echo $kinds[(math $argv[2] + 1)]; or echo $kinds[-1]
        case _ids
            set -l kinds filter
            set -q kinds[(math $argv[2] + 1)]; and echo $kinds[(math $argv[2] + 1)]; or echo $kinds[-1]
        case _uuids
            set -l kinds filter
            set -q kinds[(math $argv[2] + 1)]; and echo $kinds[(math $argv[2] + 1)]; or echo $kinds[-1]
        case _projects
            set -l kinds filter
            set -q kinds[(math $argv[2] + 1)]; and echo $kinds[(math $argv[2] + 1)]; or echo $kinds[-1]
        case _tags
            set -l kinds filter
            set -q kinds[(math $argv[2] + 1)]; and echo $kinds[(math $argv[2] + 1)]; or echo $kinds[-1]
        case _unique
            set -l kinds text filter
            set -q kinds[(math $argv[2] + 1)]; and echo $kinds[(math $argv[2] + 1)]; or echo $kinds[-1]
        case _get
            set -l kinds text
            set -q kinds[(math $argv[2] + 1)]; and echo $kinds[(math $argv[2] + 1)]; or echo $kinds[-1]
        case calc
            set -l kinds text
            set -q kinds[(math $argv[2] + 1)]; and echo $kinds[(math $argv[2] + 1)]; or echo $kinds[-1]
        case duplicate
            set -l kinds ids attributes
            set -q kinds[(math $argv[2] + 1)]; and echo $kinds[(math $argv[2] + 1)]; or echo $kinds[-1]
        case active
            set -l kinds filter
            set -q kinds[(math $argv[2] + 1)]; and echo $kinds[(math $argv[2] + 1)]; or echo $kinds[-1]
        case all
            set -l kinds filter
            set -q kinds[(math $argv[2] + 1)]; and echo $kinds[(math $argv[2] + 1)]; or echo $kinds[-1]
        case completed
            set -l kinds filter
            set -q kinds[(math $argv[2] + 1)]; and echo $kinds[(math $argv[2] + 1)]; or echo $kinds[-1]
        case overdue
            set -l kinds filter
            set -q kinds[(math $argv[2] + 1)]; and echo $kinds[(math $argv[2] + 1)]; or echo $kinds[-1]
        case waiting
            set -l kinds filter
            set -q kinds[(math $argv[2] + 1)]; and echo $kinds[(math $argv[2] + 1)]; or echo $kinds[-1]
        case recurring
            set -l kinds filter
            set -q kinds[(math $argv[2] + 1)]; and echo $kinds[(math $argv[2] + 1)]; or echo $kinds[-1]
        case ready
            set -l kinds filter
            set -q kinds[(math $argv[2] + 1)]; and echo $kinds[(math $argv[2] + 1)]; or echo $kinds[-1]
        case blocked
            set -l kinds filter
            set -q kinds[(math $argv[2] + 1)]; and echo $kinds[(math $argv[2] + 1)]; or echo $kinds[-1]
        case blocking
            set -l kinds filter
            set -q kinds[(math $argv[2] + 1)]; and echo $kinds[(math $argv[2] + 1)]; or echo $kinds[-1]
        case unblocked
            set -l kinds filter
            set -q kinds[(math $argv[2] + 1)]; and echo $kinds[(math $argv[2] + 1)]; or echo $kinds[-1]
        case newest
            set -l kinds filter
            set -q kinds[(math $argv[2] + 1)]; and echo $kinds[(math $argv[2] + 1)]; or echo $kinds[-1]
        case oldest
            set -l kinds filter
            set -q kinds[(math $argv[2] + 1)]; and echo $kinds[(math $argv[2] + 1)]; or echo $kinds[-1]
        case long
            set -l kinds filter
            set -q kinds[(math $argv[2] + 1)]; and echo $kinds[(math $argv[2] + 1)]; or echo $kinds[-1]
        case minimal
            set -l kinds filter
            set -q kinds[(math $argv[2] + 1)]; and echo $kinds[(math $argv[2] + 1)]; or echo $kinds[-1]
        case burndown.daily
            set -l kinds filter
            set -q kinds[(math $argv[2] + 1)]; and echo $kinds[(math $argv[2] + 1)]; or echo $kinds[-1]
        case burndown.weekly
            set -l kinds filter
            set -q kinds[(math $argv[2] + 1)]; and echo $kinds[(math $argv[2] + 1)]; or echo $kinds[-1]
        case burndown.monthly
            set -l kinds filter
            set -q kinds[(math $argv[2] + 1)]; and echo $kinds[(math $argv[2] + 1)]; or echo $kinds[-1]
        case history.daily
            set -l kinds filter
            set -q kinds[(math $argv[2] + 1)]; and echo $kinds[(math $argv[2] + 1)]; or echo $kinds[-1]
        case history.weekly
            set -l kinds filter
            set -q kinds[(math $argv[2] + 1)]; and echo $kinds[(math $argv[2] + 1)]; or echo $kinds[-1]
        case history.monthly
            set -l kinds filter
            set -q kinds[(math $argv[2] + 1)]; and echo $kinds[(math $argv[2] + 1)]; or echo $kinds[-1]
        case history.annual
            set -l kinds filter
            set -q kinds[(math $argv[2] + 1)]; and echo $kinds[(math $argv[2] + 1)]; or echo $kinds[-1]
        case ghistory.daily
            set -l kinds filter
            set -q kinds[(math $argv[2] + 1)]; and echo $kinds[(math $argv[2] + 1)]; or echo $kinds[-1]
        case ghistory.weekly
            set -l kinds filter
            set -q kinds[(math $argv[2] + 1)]; and echo $kinds[(math $argv[2] + 1)]; or echo $kinds[-1]
        case ghistory.monthly
            set -l kinds filter
            set -q kinds[(math $argv[2] + 1)]; and echo $kinds[(math $argv[2] + 1)]; or echo $kinds[-1]
        case ghistory.annual
            set -l kinds filter
            set -q kinds[(math $argv[2] + 1)]; and echo $kinds[(math $argv[2] + 1)]; or echo $kinds[-1]
    end
end

function __todo_commands
    printf '%s\t%s\n' add 'Add a todo and print its number'
    printf '%s\t%s\n' list 'List todos'
    printf '%s\t%s\n' listall 'List every todo, completed ones too, as todo.sh listall'
    printf '%s\t%s\n' listpri 'List the todos with a priority, or these priorities'
    printf '%s\t%s\n' listproj 'List the projects of the active todos, as +NAME'
    printf '%s\t%s\n' listcon 'List the tags of the active todos, as todo.txt contexts (@NAME)'
    printf '%s\t%s\n' archive 'Say where completed todos are; todo.sh\'s archive moves nothing here'
    printf '%s\t%s\n' next 'List the active todos most worth doing now'
    printf '%s\t%s\n' ui 'Browse and change todos full-screen, by keys'
    printf '%s\t%s\n' show 'Show every field of a todo'
    printf '%s\t%s\n' edit 'Change todos\' fields, or a todo in your editor'
    printf '%s\t%s\n' done 'Complete todos'
    printf '%s\t%s\n' reopen 'Make completed todos active again'
    printf '%s\t%s\n' annotate 'Add a dated remark to a todo'
    printf '%s\t%s\n' append 'Add words to the end of a todo\'s name'
    printf '%s\t%s\n' prepend 'Add words to the start of a todo\'s name'
    printf '%s\t%s\n' replace 'Make a todo what TEXT says, as a new todo.txt line'
    printf '%s\t%s\n' pri 'Give a todo a todo.txt priority letter'
    printf '%s\t%s\n' depri 'Take todos\' priority away'
    printf '%s\t%s\n' denotate 'Remove an annotation from a todo'
    printf '%s\t%s\n' start 'Mark todos as being worked on'
    printf '%s\t%s\n' stop 'Mark todos as no longer worked on'
    printf '%s\t%s\n' toggle 'Mark todos completed, or active again'
    printf '%s\t%s\n' delete 'Delete todos'
    printf '%s\t%s\n' clear-completed 'Delete every completed todo and say how many'
    printf '%s\t%s\n' undo 'Revert the last change; repeat to go further back'
    printf '%s\t%s\n' batch 'Apply changes read as JSON Lines from stdin, all or nothing'
    printf '%s\t%s\n' export 'Print every todo: JSON, Taskwarrior, todo.txt, iCalendar'
    printf '%s\t%s\n' import 'Merge todos from todo, Taskwarrior, todo.txt or iCalendar'
    printf '%s\t%s\n' sync 'Exchange changes with the todo server'
    printf '%s\t%s\n' config 'Show or set sync settings and your own attributes'
    printf '%s\t%s\n' context 'Show, choose or define the context that narrows reports'
    printf '%s\t%s\n' completions 'Print the completion script for bash, zsh or fish'
    printf '%s\t%s\n' help 'Show help for todo or for a command'
    printf '%s\t%s\n' reports 'List the reports: todo\'s, and those the config defines'
    printf '%s\t%s\n' projects 'Show the project tree with each project\'s active and done todos'
    printf '%s\t%s\n' tags 'Show each tag with its active and done todos'
    printf '%s\t%s\n' summary 'Show each project\'s remaining todos, their average age and how much is done'
    printf '%s\t%s\n' calendar 'Show months with the days todos are due on'
    printf '%s\t%s\n' burndown 'Chart pending, started and done todos over time, and when all will be done'
    printf '%s\t%s\n' history 'Count the todos added, completed and deleted in each period'
    printf '%s\t%s\n' stats 'Show counts, ages and rates of the todos, and the state file\'s size and undo depth'
    printf '%s\t%s\n' log 'Add a todo that is already done'
    printf '%s\t%s\n' count 'Print how many todos pass a filter, completed ones too'
    printf '%s\t%s\n' ids 'Print the numbers of the active todos a filter passes, as ranges'
    printf '%s\t%s\n' uuids 'Print the UUIDs of the todos a filter passes, on one line'
    printf '%s\t%s\n' _ids 'Print the numbers of the active todos a filter passes, one a line'
    printf '%s\t%s\n' _uuids 'Print the UUIDs of the todos a filter passes, one a line'
    printf '%s\t%s\n' _projects 'Print the projects of the active todos, one a line'
    printf '%s\t%s\n' _tags 'Print the tags of the active todos and the virtual tags, one a line'
    printf '%s\t%s\n' _unique 'Print each value a field has among the active todos, one a line'
    printf '%s\t%s\n' _get 'Print the values of DOM references, as Taskwarrior\'s _get'
    printf '%s\t%s\n' calc 'Print the date a date expression names'
    printf '%s\t%s\n' duplicate 'Add a copy of a todo, changed by words as edit changes one'
    printf '%s\t%s\n' purge 'Say that there is nothing to purge: todo keeps no deleted todos'
    printf '%s\t%s\n' version 'Print the version of todo'
    printf '%s\t%s\n' _version 'Print the version number alone'
    printf '%s\t%s\n' commands 'List every command, its aliases and what it does'
    printf '%s\t%s\n' _commands 'Print the commands\' names, one a line'
    printf '%s\t%s\n' columns 'List the columns a report may show, with their formats'
    printf '%s\t%s\n' _columns 'Print the columns\' names, one a line'
    printf '%s\t%s\n' udas 'List the attributes the config declares, and those todos hold undeclared'
    printf '%s\t%s\n' _udas 'Print the declared attributes\' names, one a line'
    printf '%s\t%s\n' diagnostics 'Show the version, the files todo reads and the hooks it finds'
    printf '%s\t%s\n' active 'List the todos being worked on (started)'
    printf '%s\t%s\n' all 'List every todo, completed and waiting ones too'
    printf '%s\t%s\n' completed 'List the completed todos, most recently completed first'
    printf '%s\t%s\n' overdue 'List the active todos past their due date'
    printf '%s\t%s\n' waiting 'List the todos hidden until their wait date'
    printf '%s\t%s\n' recurring 'List the active todos that recur'
    printf '%s\t%s\n' ready 'List the active todos that can be started now (not waiting, scheduled or blocked)'
    printf '%s\t%s\n' blocked 'List the active todos that wait on another'
    printf '%s\t%s\n' blocking 'List the active todos others wait on'
    printf '%s\t%s\n' unblocked 'List the active todos that wait on none'
    printf '%s\t%s\n' newest 'List the pending todos (not waiting), the newest first'
    printf '%s\t%s\n' oldest 'List the pending todos (not waiting), the oldest first'
    printf '%s\t%s\n' long 'List the active todos with every attribute, as Taskwarrior\'s long report'
    printf '%s\t%s\n' minimal 'List the active todos by project: number, project, tags and name, as Taskwarrior\'s minimal report'
    printf '%s\t%s\n' burndown.daily 'Taskwarrior\'s name for todo burndown daily'
    printf '%s\t%s\n' burndown.weekly 'Taskwarrior\'s name for todo burndown weekly'
    printf '%s\t%s\n' burndown.monthly 'Taskwarrior\'s name for todo burndown monthly'
    printf '%s\t%s\n' history.daily 'Taskwarrior\'s name for todo history daily'
    printf '%s\t%s\n' history.weekly 'Taskwarrior\'s name for todo history weekly'
    printf '%s\t%s\n' history.monthly 'Taskwarrior\'s name for todo history monthly'
    printf '%s\t%s\n' history.annual 'Taskwarrior\'s name for todo history annual'
    printf '%s\t%s\n' ghistory.daily 'Taskwarrior\'s name for todo history daily --graph'
    printf '%s\t%s\n' ghistory.weekly 'Taskwarrior\'s name for todo history weekly --graph'
    printf '%s\t%s\n' ghistory.monthly 'Taskwarrior\'s name for todo history monthly --graph'
    printf '%s\t%s\n' ghistory.annual 'Taskwarrior\'s name for todo history annual --graph'
    # The reports the config defines are commands too.
    todo __complete reports 2>/dev/null
end

# What follows KEY: ($argv[2]) in an attribute word, or in a filter term when $argv[1] is filter.
function __todo_key_values
    switch $argv[1]:$argv[2]
        case '*:name' '*:description' 'filter:name.is' 'filter:name.isnt' 'filter:name.not' 'filter:name.has' 'filter:name.hasnt' 'filter:name.startswith' 'filter:name.endswith' '*:details' 'filter:details.is' 'filter:details.isnt' 'filter:details.not' 'filter:details.has' 'filter:details.hasnt' 'filter:details.startswith' 'filter:details.endswith' 'filter:notes' 'filter:notes.is' 'filter:notes.isnt' 'filter:notes.not' 'filter:notes.has' 'filter:notes.hasnt' 'filter:notes.startswith' 'filter:notes.endswith'
            printf '%s\n' 
        case 'filter:name.any' 'filter:name.none' 'filter:details.any' 'filter:details.none' 'filter:notes.any' 'filter:notes.none' 'filter:tags.any' 'filter:tags.none' 'filter:project.any' 'filter:project.none' 'filter:priority.any' 'filter:priority.none' 'filter:due.any' 'filter:due.none' 'filter:wait.any' 'filter:wait.none' 'filter:scheduled.any' 'filter:scheduled.none' 'filter:start.any' 'filter:start.none' 'filter:depends.any' 'filter:depends.none' 'filter:recur.any' 'filter:recur.none' 'filter:until.any' 'filter:until.none' 'filter:entry.any' 'filter:entry.none' 'filter:modified.any' 'filter:modified.none' 'filter:end.any' 'filter:end.none' 'filter:urgency.before' 'filter:urgency.after' 'filter:urgency.by'
            printf '%s\n' 
        case 'filter:tags' 'filter:tags.has' 'filter:tags.hasnt' 'filter:tags.not'
            __todo_complete tags
        case '*:project' 'filter:project.is' 'filter:project.isnt' 'filter:project.not' 'filter:project.has' 'filter:project.hasnt' 'filter:project.startswith' 'filter:project.endswith'
            __todo_complete projects
        case '*:priority' '*:pri' 'filter:priority.is' 'filter:priority.isnt' 'filter:priority.not' 'filter:priority.before' 'filter:priority.after'
            printf '%s\n' H M L
        case '*:due' 'filter:due.is' 'filter:due.isnt' 'filter:due.not' 'filter:due.before' 'filter:due.after' 'filter:due.by' '*:wait' 'filter:wait.is' 'filter:wait.isnt' 'filter:wait.not' 'filter:wait.before' 'filter:wait.after' 'filter:wait.by' '*:scheduled' 'filter:scheduled.is' 'filter:scheduled.isnt' 'filter:scheduled.not' 'filter:scheduled.before' 'filter:scheduled.after' 'filter:scheduled.by' '*:start' 'filter:start.is' 'filter:start.isnt' 'filter:start.not' 'filter:start.before' 'filter:start.after' 'filter:start.by' '*:until' 'filter:until.is' 'filter:until.isnt' 'filter:until.not' 'filter:until.before' 'filter:until.after' 'filter:until.by' 'filter:entry' 'filter:entry.is' 'filter:entry.isnt' 'filter:entry.not' 'filter:entry.before' 'filter:entry.after' 'filter:entry.by' 'filter:modified' 'filter:modified.is' 'filter:modified.isnt' 'filter:modified.not' 'filter:modified.before' 'filter:modified.after' 'filter:modified.by' 'filter:end' 'filter:end.is' 'filter:end.isnt' 'filter:end.not' 'filter:end.before' 'filter:end.after' 'filter:end.by'
            printf '%s\n' now today tomorrow yesterday someday later sod eod sow eow som eom soy eoy monday tuesday wednesday thursday friday saturday sunday
        case '*:depends' '*:dep' 'filter:depends.has' 'filter:depends.hasnt' 'filter:depends.not'
            printf '%s\n' 
        case '*:recur' 'filter:recur.is' 'filter:recur.isnt' 'filter:recur.not'
            printf '%s\n' daily weekdays weekly biweekly fortnight monthly bimonthly quarterly semiannual yearly annual biannual biyearly
        case 'filter:status' 'filter:status.is' 'filter:status.isnt' 'filter:status.not'
            printf '%s\n' pending waiting completed
    end
end

# Every KEY: of attribute words, or of filter terms when $argv[1] is filter; then the
# attributes 'todo config uda.NAME.type' declares.
function __todo_keys
    if test "$argv[1]" = filter
        printf '%s\n' name: description: name.is: name.isnt: name.not: name.has: name.hasnt: name.startswith: name.endswith: name.any: name.none: details: details.is: details.isnt: details.not: details.has: details.hasnt: details.startswith: details.endswith: details.any: details.none: notes: notes.is: notes.isnt: notes.not: notes.has: notes.hasnt: notes.startswith: notes.endswith: notes.any: notes.none: tags: tags.has: tags.hasnt: tags.not: tags.any: tags.none: project: project.is: project.isnt: project.not: project.has: project.hasnt: project.startswith: project.endswith: project.any: project.none: priority: pri: priority.is: priority.isnt: priority.not: priority.any: priority.none: priority.before: priority.after: due: due.is: due.isnt: due.not: due.any: due.none: due.before: due.after: due.by: wait: wait.is: wait.isnt: wait.not: wait.any: wait.none: wait.before: wait.after: wait.by: scheduled: scheduled.is: scheduled.isnt: scheduled.not: scheduled.any: scheduled.none: scheduled.before: scheduled.after: scheduled.by: start: start.is: start.isnt: start.not: start.any: start.none: start.before: start.after: start.by: depends: dep: depends.has: depends.hasnt: depends.not: depends.any: depends.none: recur: recur.is: recur.isnt: recur.not: recur.any: recur.none: until: until.is: until.isnt: until.not: until.any: until.none: until.before: until.after: until.by: entry: entry.is: entry.isnt: entry.not: entry.any: entry.none: entry.before: entry.after: entry.by: modified: modified.is: modified.isnt: modified.not: modified.any: modified.none: modified.before: modified.after: modified.by: end: end.is: end.isnt: end.not: end.any: end.none: end.before: end.after: end.by: status: status.is: status.isnt: status.not: urgency.before: urgency.after: urgency.by:
    else
        printf '%s\n' name: description: details: project: priority: pri: due: wait: scheduled: start: depends: dep: recur: until:
    end
    todo __complete udas 2>/dev/null
end

# Reads the words before the cursor as todo's parser does and prints what $argv[1] asks
# for: 'command' (or -), 'count' of the command's arguments so far (IDs before it, as in
# 'todo 3 modify', among them), or the --file 'file'.
function __todo_scan
    set -l tokens (commandline -opc)
    set -e tokens[1]
    set -l command -
    set -l file
    set -l count 0
    set -l expect
    set -l ended
    for token in $tokens
        if test -n "$expect"
            test "$expect" = file; and set file $token
            set expect
        else if test -z "$ended"; and test "$token" = --
            set ended 1
        else if test -z "$ended"; and string match -q -- '-?*' $token
            if string match -q -- '--file=*' $token
                set file (string replace -- --file= '' $token)
            else if not string match -q -- '*=*' $token
                set expect (__todo_value_option $command $token)
            end
        else if test "$command" = -; and string match -qr -- '^#?(([0-9]+(-[0-9]+)?|[0-9A-Fa-f]{8,32})(,([0-9]+(-[0-9]+)?|[0-9A-Fa-f]{8,32}))*|[0-9A-Fa-f]{8}(-[0-9A-Fa-f]{4}){3}-[0-9A-Fa-f]{12})$' $token
            set count (math $count + 1)
        else if test "$command" = -
            set command (__todo_command $token); or set command '?'
        else
            set count (math $count + 1)
        end
    end
    switch $argv[1]
        case command
            echo $command
        case count
            echo $count
        case file
            string replace -r -- '^~/' "$HOME/" $file
    end
end

function __todo_needs_command
    test (__todo_scan command) = -
end

function __todo_using
    contains -- (__todo_scan command) $argv
end

# Whether the word at the cursor is an argument of kind $argv[1], of one of the commands after it if any.
function __todo_wants
    set -l command (__todo_scan command)
    test $command = -; and return 1
    set -q argv[2]; and not contains -- $command $argv[2..-1]; and return 1
    set -l kind (__todo_argument $command (__todo_scan count))
    test "$kind" = $argv[1]
end

# Runs 'todo __complete $argv[1]' on the state file the line names.
function __todo_complete
    set -l file (__todo_scan file)
    if test -n "$file"
        todo __complete $argv[1] --file=$file 2>/dev/null
    else
        todo __complete $argv[1] 2>/dev/null
    end
end

function __todo_ids
    __todo_complete ids
end

# Attribute words ($argv[1] attributes) or filter terms (filter) for the token at the
# cursor: +TAG and -TAG (and the virtual tags in a filter), KEY:VALUE, or the keys themselves.
function __todo_words
    set -l token (commandline -ct)
    if test "$(__todo_complete syntax)" = todotxt
        # The todo.txt dialect: +PROJECT, @CONTEXT (a tag), or an add-on key.
        switch $token
            case '+*'
                for project in (__todo_complete projects)
                    printf '+%s\n' $project
                end
            case '@*'
                for tag in (__todo_complete tags)
                    printf '@%s\n' $tag
                end
            case '*:*' '-*'
            case '?*'
                printf '%s\n' pri: due: t: rec:
        end
        return
    end
    switch $token
        case '+*' '-*'
            set -l sign (string sub -l 1 -- $token)
            for tag in (__todo_complete tags)
                printf '%s\n' "$sign$tag"
            end
            if test "$argv[1]" = filter
                for tag in ACTIVE BLOCKED UNBLOCKED BLOCKING READY SCHEDULED WAITING OVERDUE DUE YESTERDAY TODAY DUETODAY TOMORROW WEEK MONTH QUARTER YEAR PENDING COMPLETED TAGGED ANNOTATED PROJECT PRIORITY UNTIL RECURRING UDA LATEST SYNCED UNSYNCED
                    printf '%s\n' "$sign$tag"
                end
            end
        case '*:*'
            set -l key (string split -m 1 : -- $token)[1]
            for value in (__todo_key_values $argv[1] $key)
                printf '%s\n' "$key:$value"
            end
        case '?*'
            __todo_keys $argv[1]
    end
end

# The words given, each after what the token at the cursor has up to its last comma.
function __todo_commas
    set -l token (commandline -ct)
    set -l head (string replace -r -- '[^,=]*$' '' $token)
    set head (string replace -r -- '^.*=' '' $head)
    for word in $argv
        printf '%s\n' "$head$word"
    end
end

complete -c todo -f
complete -c todo -n '__todo_wants ids' -a '(__todo_ids)'
complete -c todo -n '__todo_wants commands' -a '(__todo_commands)'
complete -c todo -n '__todo_wants contexts' -a '(__todo_complete contexts)'
complete -c todo -n '__todo_wants path' -F
complete -c todo -n '__todo_wants attributes' -a '(__todo_words attributes)'
complete -c todo -n '__todo_wants filter' -a '(__todo_words filter)'

# Global options
complete -c todo -l file -r -F -d 'Use the state file at PATH (default: $TODO_FILE, else $XDG_DATA_HOME/todo/todos.json, else ~/.local/share/todo/todos.json)'
complete -c todo -l json -d 'Print machine-readable JSON instead of text (shapes in the README, section Scripting)'
complete -c todo -s q -l quiet -d 'Print no informational messages; data (numbers, lists, JSON) and errors still appear'
complete -c todo -l color -x -a 'auto always never' -d 'Colour output: auto (only on a terminal, and not with NO_COLOR set or \'todo config color off\'), always (even so) or never (default: auto)'
complete -c todo -l no-context -d 'Leave out the context in force (\'todo context\'): what scripts want'
complete -c todo -l syntax -x -a 'taskwarrior todotxt' -d 'Read words as Taskwarrior does (taskwarrior, the default) or as todo.txt does (todotxt), over TODO_SYNTAX and \'todo config syntax\' (more in \'todo help todotxt\')'
complete -c todo -s h -l help -d 'Show help for todo or for the command'
complete -c todo -l version -d 'Print the version of todo'

# Commands
complete -c todo -n __todo_needs_command -a add -d 'Add a todo and print its number'
complete -c todo -n __todo_needs_command -a a -d 'Add a todo and print its number (add)'
complete -c todo -n __todo_needs_command -a list -d 'List todos'
complete -c todo -n __todo_needs_command -a ls -d 'List todos (list)'
complete -c todo -n __todo_needs_command -a listall -d 'List every todo, completed ones too, as todo.sh listall'
complete -c todo -n __todo_needs_command -a lsa -d 'List every todo, completed ones too, as todo.sh listall (listall)'
complete -c todo -n __todo_needs_command -a listpri -d 'List the todos with a priority, or these priorities'
complete -c todo -n __todo_needs_command -a lsp -d 'List the todos with a priority, or these priorities (listpri)'
complete -c todo -n __todo_needs_command -a listproj -d 'List the projects of the active todos, as +NAME'
complete -c todo -n __todo_needs_command -a lsprj -d 'List the projects of the active todos, as +NAME (listproj)'
complete -c todo -n __todo_needs_command -a listcon -d 'List the tags of the active todos, as todo.txt contexts (@NAME)'
complete -c todo -n __todo_needs_command -a lsc -d 'List the tags of the active todos, as todo.txt contexts (@NAME) (listcon)'
complete -c todo -n __todo_needs_command -a archive -d 'Say where completed todos are; todo.sh\'s archive moves nothing here'
complete -c todo -n __todo_needs_command -a next -d 'List the active todos most worth doing now'
complete -c todo -n __todo_needs_command -a ui -d 'Browse and change todos full-screen, by keys'
complete -c todo -n __todo_needs_command -a tui -d 'Browse and change todos full-screen, by keys (ui)'
complete -c todo -n __todo_needs_command -a show -d 'Show every field of a todo'
complete -c todo -n __todo_needs_command -a info -d 'Show every field of a todo (show)'
complete -c todo -n __todo_needs_command -a edit -d 'Change todos\' fields, or a todo in your editor'
complete -c todo -n __todo_needs_command -a modify -d 'Change todos\' fields, or a todo in your editor (edit)'
complete -c todo -n __todo_needs_command -a done -d 'Complete todos'
complete -c todo -n __todo_needs_command -a do -d 'Complete todos (done)'
complete -c todo -n __todo_needs_command -a reopen -d 'Make completed todos active again'
complete -c todo -n __todo_needs_command -a annotate -d 'Add a dated remark to a todo'
complete -c todo -n __todo_needs_command -a append -d 'Add words to the end of a todo\'s name'
complete -c todo -n __todo_needs_command -a app -d 'Add words to the end of a todo\'s name (append)'
complete -c todo -n __todo_needs_command -a prepend -d 'Add words to the start of a todo\'s name'
complete -c todo -n __todo_needs_command -a prep -d 'Add words to the start of a todo\'s name (prepend)'
complete -c todo -n __todo_needs_command -a replace -d 'Make a todo what TEXT says, as a new todo.txt line'
complete -c todo -n __todo_needs_command -a pri -d 'Give a todo a todo.txt priority letter'
complete -c todo -n __todo_needs_command -a p -d 'Give a todo a todo.txt priority letter (pri)'
complete -c todo -n __todo_needs_command -a depri -d 'Take todos\' priority away'
complete -c todo -n __todo_needs_command -a dp -d 'Take todos\' priority away (depri)'
complete -c todo -n __todo_needs_command -a denotate -d 'Remove an annotation from a todo'
complete -c todo -n __todo_needs_command -a start -d 'Mark todos as being worked on'
complete -c todo -n __todo_needs_command -a stop -d 'Mark todos as no longer worked on'
complete -c todo -n __todo_needs_command -a toggle -d 'Mark todos completed, or active again'
complete -c todo -n __todo_needs_command -a delete -d 'Delete todos'
complete -c todo -n __todo_needs_command -a rm -d 'Delete todos (delete)'
complete -c todo -n __todo_needs_command -a del -d 'Delete todos (delete)'
complete -c todo -n __todo_needs_command -a clear-completed -d 'Delete every completed todo and say how many'
complete -c todo -n __todo_needs_command -a undo -d 'Revert the last change; repeat to go further back'
complete -c todo -n __todo_needs_command -a batch -d 'Apply changes read as JSON Lines from stdin, all or nothing'
complete -c todo -n __todo_needs_command -a export -d 'Print every todo: JSON, Taskwarrior, todo.txt, iCalendar'
complete -c todo -n __todo_needs_command -a import -d 'Merge todos from todo, Taskwarrior, todo.txt or iCalendar'
complete -c todo -n __todo_needs_command -a sync -d 'Exchange changes with the todo server'
complete -c todo -n __todo_needs_command -a config -d 'Show or set sync settings and your own attributes'
complete -c todo -n __todo_needs_command -a context -d 'Show, choose or define the context that narrows reports'
complete -c todo -n __todo_needs_command -a completions -d 'Print the completion script for bash, zsh or fish'
complete -c todo -n __todo_needs_command -a help -d 'Show help for todo or for a command'
complete -c todo -n __todo_needs_command -a reports -d 'List the reports: todo\'s, and those the config defines'
complete -c todo -n __todo_needs_command -a projects -d 'Show the project tree with each project\'s active and done todos'
complete -c todo -n __todo_needs_command -a tags -d 'Show each tag with its active and done todos'
complete -c todo -n __todo_needs_command -a summary -d 'Show each project\'s remaining todos, their average age and how much is done'
complete -c todo -n __todo_needs_command -a calendar -d 'Show months with the days todos are due on'
complete -c todo -n __todo_needs_command -a cal -d 'Show months with the days todos are due on (calendar)'
complete -c todo -n __todo_needs_command -a burndown -d 'Chart pending, started and done todos over time, and when all will be done'
complete -c todo -n __todo_needs_command -a history -d 'Count the todos added, completed and deleted in each period'
complete -c todo -n __todo_needs_command -a stats -d 'Show counts, ages and rates of the todos, and the state file\'s size and undo depth'
complete -c todo -n __todo_needs_command -a log -d 'Add a todo that is already done'
complete -c todo -n __todo_needs_command -a count -d 'Print how many todos pass a filter, completed ones too'
complete -c todo -n __todo_needs_command -a ids -d 'Print the numbers of the active todos a filter passes, as ranges'
complete -c todo -n __todo_needs_command -a uuids -d 'Print the UUIDs of the todos a filter passes, on one line'
complete -c todo -n __todo_needs_command -a _ids -d 'Print the numbers of the active todos a filter passes, one a line'
complete -c todo -n __todo_needs_command -a _uuids -d 'Print the UUIDs of the todos a filter passes, one a line'
complete -c todo -n __todo_needs_command -a _projects -d 'Print the projects of the active todos, one a line'
complete -c todo -n __todo_needs_command -a _tags -d 'Print the tags of the active todos and the virtual tags, one a line'
complete -c todo -n __todo_needs_command -a _unique -d 'Print each value a field has among the active todos, one a line'
complete -c todo -n __todo_needs_command -a _get -d 'Print the values of DOM references, as Taskwarrior\'s _get'
complete -c todo -n __todo_needs_command -a calc -d 'Print the date a date expression names'
complete -c todo -n __todo_needs_command -a duplicate -d 'Add a copy of a todo, changed by words as edit changes one'
complete -c todo -n __todo_needs_command -a purge -d 'Say that there is nothing to purge: todo keeps no deleted todos'
complete -c todo -n __todo_needs_command -a version -d 'Print the version of todo'
complete -c todo -n __todo_needs_command -a _version -d 'Print the version number alone'
complete -c todo -n __todo_needs_command -a commands -d 'List every command, its aliases and what it does'
complete -c todo -n __todo_needs_command -a _commands -d 'Print the commands\' names, one a line'
complete -c todo -n __todo_needs_command -a columns -d 'List the columns a report may show, with their formats'
complete -c todo -n __todo_needs_command -a _columns -d 'Print the columns\' names, one a line'
complete -c todo -n __todo_needs_command -a udas -d 'List the attributes the config declares, and those todos hold undeclared'
complete -c todo -n __todo_needs_command -a _udas -d 'Print the declared attributes\' names, one a line'
complete -c todo -n __todo_needs_command -a diagnostics -d 'Show the version, the files todo reads and the hooks it finds'
complete -c todo -n __todo_needs_command -a active -d 'List the todos being worked on (started)'
complete -c todo -n __todo_needs_command -a all -d 'List every todo, completed and waiting ones too'
complete -c todo -n __todo_needs_command -a completed -d 'List the completed todos, most recently completed first'
complete -c todo -n __todo_needs_command -a overdue -d 'List the active todos past their due date'
complete -c todo -n __todo_needs_command -a waiting -d 'List the todos hidden until their wait date'
complete -c todo -n __todo_needs_command -a recurring -d 'List the active todos that recur'
complete -c todo -n __todo_needs_command -a ready -d 'List the active todos that can be started now (not waiting, scheduled or blocked)'
complete -c todo -n __todo_needs_command -a blocked -d 'List the active todos that wait on another'
complete -c todo -n __todo_needs_command -a blocking -d 'List the active todos others wait on'
complete -c todo -n __todo_needs_command -a unblocked -d 'List the active todos that wait on none'
complete -c todo -n __todo_needs_command -a newest -d 'List the pending todos (not waiting), the newest first'
complete -c todo -n __todo_needs_command -a oldest -d 'List the pending todos (not waiting), the oldest first'
complete -c todo -n __todo_needs_command -a long -d 'List the active todos with every attribute, as Taskwarrior\'s long report'
complete -c todo -n __todo_needs_command -a minimal -d 'List the active todos by project: number, project, tags and name, as Taskwarrior\'s minimal report'
complete -c todo -n __todo_needs_command -a burndown.daily -d 'Taskwarrior\'s name for todo burndown daily'
complete -c todo -n __todo_needs_command -a burndown.weekly -d 'Taskwarrior\'s name for todo burndown weekly'
complete -c todo -n __todo_needs_command -a burndown.monthly -d 'Taskwarrior\'s name for todo burndown monthly'
complete -c todo -n __todo_needs_command -a history.daily -d 'Taskwarrior\'s name for todo history daily'
complete -c todo -n __todo_needs_command -a history.weekly -d 'Taskwarrior\'s name for todo history weekly'
complete -c todo -n __todo_needs_command -a history.monthly -d 'Taskwarrior\'s name for todo history monthly'
complete -c todo -n __todo_needs_command -a history.annual -d 'Taskwarrior\'s name for todo history annual'
complete -c todo -n __todo_needs_command -a ghistory.daily -d 'Taskwarrior\'s name for todo history daily --graph'
complete -c todo -n __todo_needs_command -a ghistory.weekly -d 'Taskwarrior\'s name for todo history weekly --graph'
complete -c todo -n __todo_needs_command -a ghistory.monthly -d 'Taskwarrior\'s name for todo history monthly --graph'
complete -c todo -n __todo_needs_command -a ghistory.annual -d 'Taskwarrior\'s name for todo history annual --graph'
complete -c todo -n __todo_needs_command -a '(todo __complete reports 2>/dev/null)'

# todo add
complete -c todo -n '__todo_using add' -s d -l description -x -d 'Set the description (todo\'s own; Taskwarrior\'s description is the name)'
complete -c todo -n '__todo_using add' -s n -l notes -x -d 'Set the notes'
complete -c todo -n '__todo_using add' -l tag -x -a '(__todo_complete tags)' -d 'Add the tag TAG (a word; case counts); repeat for more'
complete -c todo -n '__todo_using add' -l project -x -a '(__todo_complete projects)' -d 'Set the project (dots make a hierarchy: home.garden is inside home); empty for none'
complete -c todo -n '__todo_using add' -l priority -x -a 'H M L' -d 'Set the priority: H, M or L; empty for none'
complete -c todo -n '__todo_using add' -l due -x -a 'now today tomorrow yesterday someday later sod eod sow eow som eom soy eoy monday tuesday wednesday thursday friday saturday sunday' -d 'Set the due date; empty for none'
complete -c todo -n '__todo_using add' -l wait -x -a 'now today tomorrow yesterday someday later sod eod sow eow som eom soy eoy monday tuesday wednesday thursday friday saturday sunday' -d 'Hide the todo from the default list until DATE; empty for none'
complete -c todo -n '__todo_using add' -l scheduled -x -a 'now today tomorrow yesterday someday later sod eod sow eow som eom soy eoy monday tuesday wednesday thursday friday saturday sunday' -d 'Set the date work on the todo can start (+READY once it has come); empty for none'
complete -c todo -n '__todo_using add' -l start -x -a 'now today tomorrow yesterday someday later sod eod sow eow som eom soy eoy monday tuesday wednesday thursday friday saturday sunday' -d 'Set when work on the todo started (\'todo start\' sets it to now, \'todo stop\' and \'todo done\' clear it); empty for none'
complete -c todo -n '__todo_using add' -l depends -x -a '(__todo_ids)' -d 'Add dependencies: todos (numbers or UUID prefixes, comma-separated) to be done first; -ID removes one; empty removes all'
complete -c todo -n '__todo_using add' -l recur -x -a 'daily weekdays weekly biweekly fortnight monthly bimonthly quarterly semiannual yearly annual biannual biyearly' -d 'Repeat the todo: completing it makes the next one'
complete -c todo -n '__todo_using add' -l until -x -a 'now today tomorrow yesterday someday later sod eod sow eow som eom soy eoy monday tuesday wednesday thursday friday saturday sunday' -d 'Expire the todo: once DATE has passed, the next command deletes it if open; a series makes no occurrence due after DATE'

# todo list
complete -c todo -n '__todo_using list' -s f -l filter -x -a 'all active completed unsynced' -d 'Show all, active, completed or unsynced todos (default: active, or what \'todo config default-filter\' says); waiting todos only with all'
complete -c todo -n '__todo_using list' -l all -d 'Show every todo, completed and waiting ones too: --filter all'
complete -c todo -n '__todo_using list' -l waiting -d 'Show active todos whose wait date has not come, too'
complete -c todo -n '__todo_using list' -l sort -x -a '(__todo_commas due +due -due wait +wait -wait scheduled +scheduled -scheduled start +start -start until +until -until priority +priority -priority project +project -project created +created -created modified +modified -modified name +name -name urgency +urgency -urgency id +id -id end +end -end status +status -status recur +recur -recur tags +tags -tags)' -d 'Order by KEYS, comma-separated: due, wait, scheduled, start, until, priority, project, created, modified, name, urgency, id, end, status, recur, tags; urgency and priority sort highest first (H before M before L), the others lowest first (the earliest date, A to Z); +KEY sorts a key lowest first, -KEY highest first'
complete -c todo -n '__todo_using list' -l format -x -d 'Print each todo as TEMPLATE and a newline'
complete -c todo -n '__todo_using list' -l ids -d 'Print only the numbers, one a line'

# todo listall
complete -c todo -n '__todo_using listall' -l sort -x -a '(__todo_commas due +due -due wait +wait -wait scheduled +scheduled -scheduled start +start -start until +until -until priority +priority -priority project +project -project created +created -created modified +modified -modified name +name -name urgency +urgency -urgency id +id -id end +end -end status +status -status recur +recur -recur tags +tags -tags)' -d 'Order by KEYS, comma-separated: due, wait, scheduled, start, until, priority, project, created, modified, name, urgency, id, end, status, recur, tags; urgency and priority sort highest first (H before M before L), the others lowest first (the earliest date, A to Z); +KEY sorts a key lowest first, -KEY highest first'
complete -c todo -n '__todo_using listall' -l format -x -d 'Print each todo as TEMPLATE and a newline'
complete -c todo -n '__todo_using listall' -l ids -d 'Print only the numbers, one a line'

# todo listpri
complete -c todo -n '__todo_using listpri' -s f -l filter -x -a 'all active completed unsynced' -d 'Show all, active, completed or unsynced todos (default: active, or what \'todo config default-filter\' says); waiting todos only with all'
complete -c todo -n '__todo_using listpri' -l waiting -d 'Show active todos whose wait date has not come, too'
complete -c todo -n '__todo_using listpri' -l sort -x -a '(__todo_commas due +due -due wait +wait -wait scheduled +scheduled -scheduled start +start -start until +until -until priority +priority -priority project +project -project created +created -created modified +modified -modified name +name -name urgency +urgency -urgency id +id -id end +end -end status +status -status recur +recur -recur tags +tags -tags)' -d 'Order by KEYS, comma-separated: due, wait, scheduled, start, until, priority, project, created, modified, name, urgency, id, end, status, recur, tags; urgency and priority sort highest first (H before M before L), the others lowest first (the earliest date, A to Z); +KEY sorts a key lowest first, -KEY highest first'
complete -c todo -n '__todo_using listpri' -l format -x -d 'Print each todo as TEMPLATE and a newline'
complete -c todo -n '__todo_using listpri' -l ids -d 'Print only the numbers, one a line'

# todo next
complete -c todo -n '__todo_using next' -l format -x -d 'Print each todo as TEMPLATE and a newline, as list --format does'
complete -c todo -n '__todo_using next' -l ids -d 'Print only the numbers, one a line'

# todo ui
complete -c todo -n '__todo_using ui' -s f -l filter -x -a 'all active completed unsynced' -d 'The view to start in: active, completed or all (default: active, or what \'todo config default-filter\' says); Tab cycles them'

# todo edit
complete -c todo -n '__todo_using edit' -l name -x -d 'Set the name'
complete -c todo -n '__todo_using edit' -s d -l description -x -d 'Set the description (todo\'s own; Taskwarrior\'s description is the name)'
complete -c todo -n '__todo_using edit' -s n -l notes -x -d 'Set the notes'
complete -c todo -n '__todo_using edit' -l tag -x -a '(__todo_complete tags)' -d 'Add the tag TAG (a word; case counts); repeat for more'
complete -c todo -n '__todo_using edit' -l project -x -a '(__todo_complete projects)' -d 'Set the project (dots make a hierarchy: home.garden is inside home); empty for none'
complete -c todo -n '__todo_using edit' -l priority -x -a 'H M L' -d 'Set the priority: H, M or L; empty for none'
complete -c todo -n '__todo_using edit' -l due -x -a 'now today tomorrow yesterday someday later sod eod sow eow som eom soy eoy monday tuesday wednesday thursday friday saturday sunday' -d 'Set the due date; empty for none'
complete -c todo -n '__todo_using edit' -l wait -x -a 'now today tomorrow yesterday someday later sod eod sow eow som eom soy eoy monday tuesday wednesday thursday friday saturday sunday' -d 'Hide the todo from the default list until DATE; empty for none'
complete -c todo -n '__todo_using edit' -l scheduled -x -a 'now today tomorrow yesterday someday later sod eod sow eow som eom soy eoy monday tuesday wednesday thursday friday saturday sunday' -d 'Set the date work on the todo can start (+READY once it has come); empty for none'
complete -c todo -n '__todo_using edit' -l start -x -a 'now today tomorrow yesterday someday later sod eod sow eow som eom soy eoy monday tuesday wednesday thursday friday saturday sunday' -d 'Set when work on the todo started (\'todo start\' sets it to now, \'todo stop\' and \'todo done\' clear it); empty for none'
complete -c todo -n '__todo_using edit' -l depends -x -a '(__todo_ids)' -d 'Add dependencies: todos (numbers or UUID prefixes, comma-separated) to be done first; -ID removes one; empty removes all'
complete -c todo -n '__todo_using edit' -l recur -x -a 'daily weekdays weekly biweekly fortnight monthly bimonthly quarterly semiannual yearly annual biannual biyearly' -d 'Repeat the todo: completing it makes the next one'
complete -c todo -n '__todo_using edit' -l until -x -a 'now today tomorrow yesterday someday later sod eod sow eow som eom soy eoy monday tuesday wednesday thursday friday saturday sunday' -d 'Expire the todo: once DATE has passed, the next command deletes it if open; a series makes no occurrence due after DATE'

# todo delete
complete -c todo -n '__todo_using delete' -l series -d 'Delete every todo of each named todo\'s series (the ones done too), which ends it'

# todo batch
complete -c todo -n '__todo_using batch' -l dry-run -d 'Check every line against the todos and report, but change nothing'

# todo export
complete -c todo -n '__todo_using export' -l to -x -a 'todo taskwarrior todotxt ical' -d 'What to write: todo, taskwarrior, todotxt, ical (default: todo)'

# todo import
complete -c todo -n '__todo_using import' -l from -x -a 'todo taskwarrior todotxt ical taskrc' -d 'What FILE is: todo (an export, or list --json), taskwarrior, todotxt, ical (an .ics of VTODOs), or taskrc (Taskwarrior\'s settings, ~/.taskrc unless FILE is given) (default: todo)'
complete -c todo -n '__todo_using import' -l strict -d 'Taskwarrior: stop at a task todo cannot hold and import nothing, instead of skipping it'

# todo sync
complete -c todo -n '__todo_using sync' -l dry-run -d 'Show what would be pulled and pushed; send and save nothing'

# todo config
complete -c todo -n '__todo_using config' -l unset -d 'Remove KEY from the config file'
complete -c todo -n '__todo_wants choice:0 config' -a 'server token timeout insecure-http ca-file due-days default-filter default-command search.case.sensitive context syntax week-start hooks hooks.location hooks.timeout color rule.precedence.color rule.color.merge sync.server.url sync.server.client_id sync.encryption_secret context.NAME uda.NAME.type uda.NAME.values uda.NAME.label urgency.due.coefficient urgency.blocking.coefficient urgency.blocked.coefficient urgency.active.coefficient urgency.scheduled.coefficient urgency.age.coefficient urgency.annotations.coefficient urgency.tags.coefficient urgency.project.coefficient urgency.waiting.coefficient urgency.age.max urgency.user.tag.TAG.coefficient urgency.user.project.PROJECT.coefficient urgency.user.keyword.WORD.coefficient urgency.uda.NAME.coefficient urgency.uda.NAME.VALUE.coefficient report.NAME.columns report.NAME.labels report.NAME.filter report.NAME.sort report.NAME.description report.NAME.context color.deleted color.completed color.active color.keyword.WORD color.tag.TAG color.tag.none color.project.PROJECT color.project.none color.overdue color.scheduled color.due.today color.due color.blocked color.blocking color.recurring color.tagged color.until color.uda.NAME color.uda.NAME.VALUE'

# todo completions
complete -c todo -n '__todo_wants choice:0 completions' -a 'bash zsh fish'

# todo history
complete -c todo -n '__todo_using history' -l graph -d 'Draw a bar per period instead: added (+), completed (X) and deleted (-), as Taskwarrior\'s ghistory'

# todo log
complete -c todo -n '__todo_using log' -l name -x -d 'Set the name'
complete -c todo -n '__todo_using log' -s d -l description -x -d 'Set the description (todo\'s own; Taskwarrior\'s description is the name)'
complete -c todo -n '__todo_using log' -s n -l notes -x -d 'Set the notes'
complete -c todo -n '__todo_using log' -l tag -x -a '(__todo_complete tags)' -d 'Add the tag TAG (a word; case counts); repeat for more'
complete -c todo -n '__todo_using log' -l project -x -a '(__todo_complete projects)' -d 'Set the project (dots make a hierarchy: home.garden is inside home); empty for none'
complete -c todo -n '__todo_using log' -l priority -x -a 'H M L' -d 'Set the priority: H, M or L; empty for none'
complete -c todo -n '__todo_using log' -l due -x -a 'now today tomorrow yesterday someday later sod eod sow eow som eom soy eoy monday tuesday wednesday thursday friday saturday sunday' -d 'Set the due date; empty for none'
complete -c todo -n '__todo_using log' -l wait -x -a 'now today tomorrow yesterday someday later sod eod sow eow som eom soy eoy monday tuesday wednesday thursday friday saturday sunday' -d 'Hide the todo from the default list until DATE; empty for none'
complete -c todo -n '__todo_using log' -l scheduled -x -a 'now today tomorrow yesterday someday later sod eod sow eow som eom soy eoy monday tuesday wednesday thursday friday saturday sunday' -d 'Set the date work on the todo can start (+READY once it has come); empty for none'
complete -c todo -n '__todo_using log' -l start -x -a 'now today tomorrow yesterday someday later sod eod sow eow som eom soy eoy monday tuesday wednesday thursday friday saturday sunday' -d 'Set when work on the todo started (\'todo start\' sets it to now, \'todo stop\' and \'todo done\' clear it); empty for none'
complete -c todo -n '__todo_using log' -l depends -x -a '(__todo_ids)' -d 'Add dependencies: todos (numbers or UUID prefixes, comma-separated) to be done first; -ID removes one; empty removes all'
complete -c todo -n '__todo_using log' -l recur -x -a 'daily weekdays weekly biweekly fortnight monthly bimonthly quarterly semiannual yearly annual biannual biyearly' -d 'Repeat the todo: completing it makes the next one'
complete -c todo -n '__todo_using log' -l until -x -a 'now today tomorrow yesterday someday later sod eod sow eow som eom soy eoy monday tuesday wednesday thursday friday saturday sunday' -d 'Expire the todo: once DATE has passed, the next command deletes it if open; a series makes no occurrence due after DATE'

# todo duplicate
complete -c todo -n '__todo_using duplicate' -l name -x -d 'Set the name'
complete -c todo -n '__todo_using duplicate' -s d -l description -x -d 'Set the description (todo\'s own; Taskwarrior\'s description is the name)'
complete -c todo -n '__todo_using duplicate' -s n -l notes -x -d 'Set the notes'
complete -c todo -n '__todo_using duplicate' -l tag -x -a '(__todo_complete tags)' -d 'Add the tag TAG (a word; case counts); repeat for more'
complete -c todo -n '__todo_using duplicate' -l project -x -a '(__todo_complete projects)' -d 'Set the project (dots make a hierarchy: home.garden is inside home); empty for none'
complete -c todo -n '__todo_using duplicate' -l priority -x -a 'H M L' -d 'Set the priority: H, M or L; empty for none'
complete -c todo -n '__todo_using duplicate' -l due -x -a 'now today tomorrow yesterday someday later sod eod sow eow som eom soy eoy monday tuesday wednesday thursday friday saturday sunday' -d 'Set the due date; empty for none'
complete -c todo -n '__todo_using duplicate' -l wait -x -a 'now today tomorrow yesterday someday later sod eod sow eow som eom soy eoy monday tuesday wednesday thursday friday saturday sunday' -d 'Hide the todo from the default list until DATE; empty for none'
complete -c todo -n '__todo_using duplicate' -l scheduled -x -a 'now today tomorrow yesterday someday later sod eod sow eow som eom soy eoy monday tuesday wednesday thursday friday saturday sunday' -d 'Set the date work on the todo can start (+READY once it has come); empty for none'
complete -c todo -n '__todo_using duplicate' -l start -x -a 'now today tomorrow yesterday someday later sod eod sow eow som eom soy eoy monday tuesday wednesday thursday friday saturday sunday' -d 'Set when work on the todo started (\'todo start\' sets it to now, \'todo stop\' and \'todo done\' clear it); empty for none'
complete -c todo -n '__todo_using duplicate' -l depends -x -a '(__todo_ids)' -d 'Add dependencies: todos (numbers or UUID prefixes, comma-separated) to be done first; -ID removes one; empty removes all'
complete -c todo -n '__todo_using duplicate' -l recur -x -a 'daily weekdays weekly biweekly fortnight monthly bimonthly quarterly semiannual yearly annual biannual biyearly' -d 'Repeat the todo: completing it makes the next one'
complete -c todo -n '__todo_using duplicate' -l until -x -a 'now today tomorrow yesterday someday later sod eod sow eow som eom soy eoy monday tuesday wednesday thursday friday saturday sunday' -d 'Expire the todo: once DATE has passed, the next command deletes it if open; a series makes no occurrence due after DATE'

# todo active
complete -c todo -n '__todo_using active' -s f -l filter -x -a 'all active completed unsynced' -d 'Show all, active, completed or unsynced todos (default: active, or what \'todo config default-filter\' says); waiting todos only with all'
complete -c todo -n '__todo_using active' -l all -d 'Show every todo, completed and waiting ones too: --filter all'
complete -c todo -n '__todo_using active' -l waiting -d 'Show active todos whose wait date has not come, too'
complete -c todo -n '__todo_using active' -l sort -x -a '(__todo_commas due +due -due wait +wait -wait scheduled +scheduled -scheduled start +start -start until +until -until priority +priority -priority project +project -project created +created -created modified +modified -modified name +name -name urgency +urgency -urgency id +id -id end +end -end status +status -status recur +recur -recur tags +tags -tags)' -d 'Order by KEYS, comma-separated: due, wait, scheduled, start, until, priority, project, created, modified, name, urgency, id, end, status, recur, tags; urgency and priority sort highest first (H before M before L), the others lowest first (the earliest date, A to Z); +KEY sorts a key lowest first, -KEY highest first'
complete -c todo -n '__todo_using active' -l format -x -d 'Print each todo as TEMPLATE and a newline'
complete -c todo -n '__todo_using active' -l ids -d 'Print only the numbers, one a line'

# todo all
complete -c todo -n '__todo_using all' -s f -l filter -x -a 'all active completed unsynced' -d 'Show all, active, completed or unsynced todos (default: active, or what \'todo config default-filter\' says); waiting todos only with all'
complete -c todo -n '__todo_using all' -l all -d 'Show every todo, completed and waiting ones too: --filter all'
complete -c todo -n '__todo_using all' -l waiting -d 'Show active todos whose wait date has not come, too'
complete -c todo -n '__todo_using all' -l sort -x -a '(__todo_commas due +due -due wait +wait -wait scheduled +scheduled -scheduled start +start -start until +until -until priority +priority -priority project +project -project created +created -created modified +modified -modified name +name -name urgency +urgency -urgency id +id -id end +end -end status +status -status recur +recur -recur tags +tags -tags)' -d 'Order by KEYS, comma-separated: due, wait, scheduled, start, until, priority, project, created, modified, name, urgency, id, end, status, recur, tags; urgency and priority sort highest first (H before M before L), the others lowest first (the earliest date, A to Z); +KEY sorts a key lowest first, -KEY highest first'
complete -c todo -n '__todo_using all' -l format -x -d 'Print each todo as TEMPLATE and a newline'
complete -c todo -n '__todo_using all' -l ids -d 'Print only the numbers, one a line'

# todo completed
complete -c todo -n '__todo_using completed' -s f -l filter -x -a 'all active completed unsynced' -d 'Show all, active, completed or unsynced todos (default: active, or what \'todo config default-filter\' says); waiting todos only with all'
complete -c todo -n '__todo_using completed' -l all -d 'Show every todo, completed and waiting ones too: --filter all'
complete -c todo -n '__todo_using completed' -l waiting -d 'Show active todos whose wait date has not come, too'
complete -c todo -n '__todo_using completed' -l sort -x -a '(__todo_commas due +due -due wait +wait -wait scheduled +scheduled -scheduled start +start -start until +until -until priority +priority -priority project +project -project created +created -created modified +modified -modified name +name -name urgency +urgency -urgency id +id -id end +end -end status +status -status recur +recur -recur tags +tags -tags)' -d 'Order by KEYS, comma-separated: due, wait, scheduled, start, until, priority, project, created, modified, name, urgency, id, end, status, recur, tags; urgency and priority sort highest first (H before M before L), the others lowest first (the earliest date, A to Z); +KEY sorts a key lowest first, -KEY highest first'
complete -c todo -n '__todo_using completed' -l format -x -d 'Print each todo as TEMPLATE and a newline'
complete -c todo -n '__todo_using completed' -l ids -d 'Print only the numbers, one a line'

# todo overdue
complete -c todo -n '__todo_using overdue' -s f -l filter -x -a 'all active completed unsynced' -d 'Show all, active, completed or unsynced todos (default: active, or what \'todo config default-filter\' says); waiting todos only with all'
complete -c todo -n '__todo_using overdue' -l all -d 'Show every todo, completed and waiting ones too: --filter all'
complete -c todo -n '__todo_using overdue' -l waiting -d 'Show active todos whose wait date has not come, too'
complete -c todo -n '__todo_using overdue' -l sort -x -a '(__todo_commas due +due -due wait +wait -wait scheduled +scheduled -scheduled start +start -start until +until -until priority +priority -priority project +project -project created +created -created modified +modified -modified name +name -name urgency +urgency -urgency id +id -id end +end -end status +status -status recur +recur -recur tags +tags -tags)' -d 'Order by KEYS, comma-separated: due, wait, scheduled, start, until, priority, project, created, modified, name, urgency, id, end, status, recur, tags; urgency and priority sort highest first (H before M before L), the others lowest first (the earliest date, A to Z); +KEY sorts a key lowest first, -KEY highest first'
complete -c todo -n '__todo_using overdue' -l format -x -d 'Print each todo as TEMPLATE and a newline'
complete -c todo -n '__todo_using overdue' -l ids -d 'Print only the numbers, one a line'

# todo waiting
complete -c todo -n '__todo_using waiting' -s f -l filter -x -a 'all active completed unsynced' -d 'Show all, active, completed or unsynced todos (default: active, or what \'todo config default-filter\' says); waiting todos only with all'
complete -c todo -n '__todo_using waiting' -l all -d 'Show every todo, completed and waiting ones too: --filter all'
complete -c todo -n '__todo_using waiting' -l waiting -d 'Show active todos whose wait date has not come, too'
complete -c todo -n '__todo_using waiting' -l sort -x -a '(__todo_commas due +due -due wait +wait -wait scheduled +scheduled -scheduled start +start -start until +until -until priority +priority -priority project +project -project created +created -created modified +modified -modified name +name -name urgency +urgency -urgency id +id -id end +end -end status +status -status recur +recur -recur tags +tags -tags)' -d 'Order by KEYS, comma-separated: due, wait, scheduled, start, until, priority, project, created, modified, name, urgency, id, end, status, recur, tags; urgency and priority sort highest first (H before M before L), the others lowest first (the earliest date, A to Z); +KEY sorts a key lowest first, -KEY highest first'
complete -c todo -n '__todo_using waiting' -l format -x -d 'Print each todo as TEMPLATE and a newline'
complete -c todo -n '__todo_using waiting' -l ids -d 'Print only the numbers, one a line'

# todo recurring
complete -c todo -n '__todo_using recurring' -s f -l filter -x -a 'all active completed unsynced' -d 'Show all, active, completed or unsynced todos (default: active, or what \'todo config default-filter\' says); waiting todos only with all'
complete -c todo -n '__todo_using recurring' -l all -d 'Show every todo, completed and waiting ones too: --filter all'
complete -c todo -n '__todo_using recurring' -l waiting -d 'Show active todos whose wait date has not come, too'
complete -c todo -n '__todo_using recurring' -l sort -x -a '(__todo_commas due +due -due wait +wait -wait scheduled +scheduled -scheduled start +start -start until +until -until priority +priority -priority project +project -project created +created -created modified +modified -modified name +name -name urgency +urgency -urgency id +id -id end +end -end status +status -status recur +recur -recur tags +tags -tags)' -d 'Order by KEYS, comma-separated: due, wait, scheduled, start, until, priority, project, created, modified, name, urgency, id, end, status, recur, tags; urgency and priority sort highest first (H before M before L), the others lowest first (the earliest date, A to Z); +KEY sorts a key lowest first, -KEY highest first'
complete -c todo -n '__todo_using recurring' -l format -x -d 'Print each todo as TEMPLATE and a newline'
complete -c todo -n '__todo_using recurring' -l ids -d 'Print only the numbers, one a line'

# todo ready
complete -c todo -n '__todo_using ready' -s f -l filter -x -a 'all active completed unsynced' -d 'Show all, active, completed or unsynced todos (default: active, or what \'todo config default-filter\' says); waiting todos only with all'
complete -c todo -n '__todo_using ready' -l all -d 'Show every todo, completed and waiting ones too: --filter all'
complete -c todo -n '__todo_using ready' -l waiting -d 'Show active todos whose wait date has not come, too'
complete -c todo -n '__todo_using ready' -l sort -x -a '(__todo_commas due +due -due wait +wait -wait scheduled +scheduled -scheduled start +start -start until +until -until priority +priority -priority project +project -project created +created -created modified +modified -modified name +name -name urgency +urgency -urgency id +id -id end +end -end status +status -status recur +recur -recur tags +tags -tags)' -d 'Order by KEYS, comma-separated: due, wait, scheduled, start, until, priority, project, created, modified, name, urgency, id, end, status, recur, tags; urgency and priority sort highest first (H before M before L), the others lowest first (the earliest date, A to Z); +KEY sorts a key lowest first, -KEY highest first'
complete -c todo -n '__todo_using ready' -l format -x -d 'Print each todo as TEMPLATE and a newline'
complete -c todo -n '__todo_using ready' -l ids -d 'Print only the numbers, one a line'

# todo blocked
complete -c todo -n '__todo_using blocked' -s f -l filter -x -a 'all active completed unsynced' -d 'Show all, active, completed or unsynced todos (default: active, or what \'todo config default-filter\' says); waiting todos only with all'
complete -c todo -n '__todo_using blocked' -l all -d 'Show every todo, completed and waiting ones too: --filter all'
complete -c todo -n '__todo_using blocked' -l waiting -d 'Show active todos whose wait date has not come, too'
complete -c todo -n '__todo_using blocked' -l sort -x -a '(__todo_commas due +due -due wait +wait -wait scheduled +scheduled -scheduled start +start -start until +until -until priority +priority -priority project +project -project created +created -created modified +modified -modified name +name -name urgency +urgency -urgency id +id -id end +end -end status +status -status recur +recur -recur tags +tags -tags)' -d 'Order by KEYS, comma-separated: due, wait, scheduled, start, until, priority, project, created, modified, name, urgency, id, end, status, recur, tags; urgency and priority sort highest first (H before M before L), the others lowest first (the earliest date, A to Z); +KEY sorts a key lowest first, -KEY highest first'
complete -c todo -n '__todo_using blocked' -l format -x -d 'Print each todo as TEMPLATE and a newline'
complete -c todo -n '__todo_using blocked' -l ids -d 'Print only the numbers, one a line'

# todo blocking
complete -c todo -n '__todo_using blocking' -s f -l filter -x -a 'all active completed unsynced' -d 'Show all, active, completed or unsynced todos (default: active, or what \'todo config default-filter\' says); waiting todos only with all'
complete -c todo -n '__todo_using blocking' -l all -d 'Show every todo, completed and waiting ones too: --filter all'
complete -c todo -n '__todo_using blocking' -l waiting -d 'Show active todos whose wait date has not come, too'
complete -c todo -n '__todo_using blocking' -l sort -x -a '(__todo_commas due +due -due wait +wait -wait scheduled +scheduled -scheduled start +start -start until +until -until priority +priority -priority project +project -project created +created -created modified +modified -modified name +name -name urgency +urgency -urgency id +id -id end +end -end status +status -status recur +recur -recur tags +tags -tags)' -d 'Order by KEYS, comma-separated: due, wait, scheduled, start, until, priority, project, created, modified, name, urgency, id, end, status, recur, tags; urgency and priority sort highest first (H before M before L), the others lowest first (the earliest date, A to Z); +KEY sorts a key lowest first, -KEY highest first'
complete -c todo -n '__todo_using blocking' -l format -x -d 'Print each todo as TEMPLATE and a newline'
complete -c todo -n '__todo_using blocking' -l ids -d 'Print only the numbers, one a line'

# todo unblocked
complete -c todo -n '__todo_using unblocked' -s f -l filter -x -a 'all active completed unsynced' -d 'Show all, active, completed or unsynced todos (default: active, or what \'todo config default-filter\' says); waiting todos only with all'
complete -c todo -n '__todo_using unblocked' -l all -d 'Show every todo, completed and waiting ones too: --filter all'
complete -c todo -n '__todo_using unblocked' -l waiting -d 'Show active todos whose wait date has not come, too'
complete -c todo -n '__todo_using unblocked' -l sort -x -a '(__todo_commas due +due -due wait +wait -wait scheduled +scheduled -scheduled start +start -start until +until -until priority +priority -priority project +project -project created +created -created modified +modified -modified name +name -name urgency +urgency -urgency id +id -id end +end -end status +status -status recur +recur -recur tags +tags -tags)' -d 'Order by KEYS, comma-separated: due, wait, scheduled, start, until, priority, project, created, modified, name, urgency, id, end, status, recur, tags; urgency and priority sort highest first (H before M before L), the others lowest first (the earliest date, A to Z); +KEY sorts a key lowest first, -KEY highest first'
complete -c todo -n '__todo_using unblocked' -l format -x -d 'Print each todo as TEMPLATE and a newline'
complete -c todo -n '__todo_using unblocked' -l ids -d 'Print only the numbers, one a line'

# todo newest
complete -c todo -n '__todo_using newest' -s f -l filter -x -a 'all active completed unsynced' -d 'Show all, active, completed or unsynced todos (default: active, or what \'todo config default-filter\' says); waiting todos only with all'
complete -c todo -n '__todo_using newest' -l all -d 'Show every todo, completed and waiting ones too: --filter all'
complete -c todo -n '__todo_using newest' -l waiting -d 'Show active todos whose wait date has not come, too'
complete -c todo -n '__todo_using newest' -l sort -x -a '(__todo_commas due +due -due wait +wait -wait scheduled +scheduled -scheduled start +start -start until +until -until priority +priority -priority project +project -project created +created -created modified +modified -modified name +name -name urgency +urgency -urgency id +id -id end +end -end status +status -status recur +recur -recur tags +tags -tags)' -d 'Order by KEYS, comma-separated: due, wait, scheduled, start, until, priority, project, created, modified, name, urgency, id, end, status, recur, tags; urgency and priority sort highest first (H before M before L), the others lowest first (the earliest date, A to Z); +KEY sorts a key lowest first, -KEY highest first'
complete -c todo -n '__todo_using newest' -l format -x -d 'Print each todo as TEMPLATE and a newline'
complete -c todo -n '__todo_using newest' -l ids -d 'Print only the numbers, one a line'

# todo oldest
complete -c todo -n '__todo_using oldest' -s f -l filter -x -a 'all active completed unsynced' -d 'Show all, active, completed or unsynced todos (default: active, or what \'todo config default-filter\' says); waiting todos only with all'
complete -c todo -n '__todo_using oldest' -l all -d 'Show every todo, completed and waiting ones too: --filter all'
complete -c todo -n '__todo_using oldest' -l waiting -d 'Show active todos whose wait date has not come, too'
complete -c todo -n '__todo_using oldest' -l sort -x -a '(__todo_commas due +due -due wait +wait -wait scheduled +scheduled -scheduled start +start -start until +until -until priority +priority -priority project +project -project created +created -created modified +modified -modified name +name -name urgency +urgency -urgency id +id -id end +end -end status +status -status recur +recur -recur tags +tags -tags)' -d 'Order by KEYS, comma-separated: due, wait, scheduled, start, until, priority, project, created, modified, name, urgency, id, end, status, recur, tags; urgency and priority sort highest first (H before M before L), the others lowest first (the earliest date, A to Z); +KEY sorts a key lowest first, -KEY highest first'
complete -c todo -n '__todo_using oldest' -l format -x -d 'Print each todo as TEMPLATE and a newline'
complete -c todo -n '__todo_using oldest' -l ids -d 'Print only the numbers, one a line'

# todo long
complete -c todo -n '__todo_using long' -s f -l filter -x -a 'all active completed unsynced' -d 'Show all, active, completed or unsynced todos (default: active, or what \'todo config default-filter\' says); waiting todos only with all'
complete -c todo -n '__todo_using long' -l all -d 'Show every todo, completed and waiting ones too: --filter all'
complete -c todo -n '__todo_using long' -l waiting -d 'Show active todos whose wait date has not come, too'
complete -c todo -n '__todo_using long' -l sort -x -a '(__todo_commas due +due -due wait +wait -wait scheduled +scheduled -scheduled start +start -start until +until -until priority +priority -priority project +project -project created +created -created modified +modified -modified name +name -name urgency +urgency -urgency id +id -id end +end -end status +status -status recur +recur -recur tags +tags -tags)' -d 'Order by KEYS, comma-separated: due, wait, scheduled, start, until, priority, project, created, modified, name, urgency, id, end, status, recur, tags; urgency and priority sort highest first (H before M before L), the others lowest first (the earliest date, A to Z); +KEY sorts a key lowest first, -KEY highest first'
complete -c todo -n '__todo_using long' -l format -x -d 'Print each todo as TEMPLATE and a newline'
complete -c todo -n '__todo_using long' -l ids -d 'Print only the numbers, one a line'

# todo minimal
complete -c todo -n '__todo_using minimal' -s f -l filter -x -a 'all active completed unsynced' -d 'Show all, active, completed or unsynced todos (default: active, or what \'todo config default-filter\' says); waiting todos only with all'
complete -c todo -n '__todo_using minimal' -l all -d 'Show every todo, completed and waiting ones too: --filter all'
complete -c todo -n '__todo_using minimal' -l waiting -d 'Show active todos whose wait date has not come, too'
complete -c todo -n '__todo_using minimal' -l sort -x -a '(__todo_commas due +due -due wait +wait -wait scheduled +scheduled -scheduled start +start -start until +until -until priority +priority -priority project +project -project created +created -created modified +modified -modified name +name -name urgency +urgency -urgency id +id -id end +end -end status +status -status recur +recur -recur tags +tags -tags)' -d 'Order by KEYS, comma-separated: due, wait, scheduled, start, until, priority, project, created, modified, name, urgency, id, end, status, recur, tags; urgency and priority sort highest first (H before M before L), the others lowest first (the earliest date, A to Z); +KEY sorts a key lowest first, -KEY highest first'
complete -c todo -n '__todo_using minimal' -l format -x -d 'Print each todo as TEMPLATE and a newline'
complete -c todo -n '__todo_using minimal' -l ids -d 'Print only the numbers, one a line'

# todo history.daily
complete -c todo -n '__todo_using history.daily' -l graph -d 'Draw a bar per period instead: added (+), completed (X) and deleted (-), as Taskwarrior\'s ghistory'

# todo history.weekly
complete -c todo -n '__todo_using history.weekly' -l graph -d 'Draw a bar per period instead: added (+), completed (X) and deleted (-), as Taskwarrior\'s ghistory'

# todo history.monthly
complete -c todo -n '__todo_using history.monthly' -l graph -d 'Draw a bar per period instead: added (+), completed (X) and deleted (-), as Taskwarrior\'s ghistory'

# todo history.annual
complete -c todo -n '__todo_using history.annual' -l graph -d 'Draw a bar per period instead: added (+), completed (X) and deleted (-), as Taskwarrior\'s ghistory'
